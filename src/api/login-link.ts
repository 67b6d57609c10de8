/** A same-origin path of ≤ 512 characters: the only kind of place sign-in may send the user back to. */
const SAFE_REDIRECT = /^\/(?![/\\])[\w\-./?=&%]*$/;

/** `value` when it may be a redirect target after sign-in (the login route's `redirect` search param), else undefined. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  return SAFE_REDIRECT.test(value) ? value : undefined;
}

/** The sign-in page's address that brings the user back to `path` afterwards (dropped when the login route would refuse it). */
export function loginHref(path: string): string {
  const redirect = safeRedirect(path);
  return redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login';
}

/** Where the browser is now, as a redirect target. */
export function currentPath(): string {
  return typeof location === 'undefined' ? '/' : `${location.pathname}${location.search}`;
}
