import { STORAGE_TYPE_FALLBACK, type StorageType, storageTypeOf } from '../../engine/rules/storage-areas';

/** A web storage that never throws: private modes and full quotas must not break the page (spec §8 "Storage"). */
export interface SafeStorage {
  get(key: string): string | null;
  /** False when the browser refused to keep it. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

/** One of the browser's storages, wrapped so that a refusal reads as nothing kept. */
function safeOf(storageOf: () => Storage | undefined): SafeStorage {
  return {
    get(key) {
      try {
        return storageOf()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const storage = storageOf();
        storage?.setItem(key, value);
        return storage !== undefined;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        storageOf()?.removeItem(key);
      } catch {
        // Nothing kept is nothing to remove.
      }
    },
  };
}

const STORAGES: Readonly<Record<StorageType, SafeStorage>> = {
  local: safeOf(() => globalThis.localStorage),
  session: safeOf(() => globalThis.sessionStorage),
};

/** Type names already warned about: a name used on every read warns once, not on every call. */
const warnedTypes = new Set<string>();

/**
 * The storage of a type chosen by name (spec §3 "Local storage": `local`, kept across visits; `session`, this tab's).
 * An unsupported name logs a warning once, naming it (spec §8), and gets local storage, so nothing throws.
 */
export function storageOfType(type: string): SafeStorage {
  const known = storageTypeOf(type);
  if (known === null && !warnedTypes.has(type)) {
    warnedTypes.add(type);
    console.warn(`Unsupported storage type "${type}"; using ${STORAGE_TYPE_FALLBACK} storage.`);
  }
  return STORAGES[known ?? STORAGE_TYPE_FALLBACK];
}

/** Local storage that never throws: the settings, favourites and flags the page keeps across visits. */
export const safeStorage = storageOfType('local');

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
