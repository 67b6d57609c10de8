/** Local storage that never throws: private modes and full quotas must not break the page (spec §8 "Storage"). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): boolean {
    try {
      globalThis.localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
};

/** Reads one cookie by name. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Writes a first-party preference cookie for `days` days. */
export function writeCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from older app webviews.
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${days * 86_400}; path=/; samesite=lax${secure}`;
}
