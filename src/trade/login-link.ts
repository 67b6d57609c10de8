/** Same rule as the login route's `redirect` search param (src/routes/login.tsx): a same-origin path, ≤ 512 chars. */
const SAFE_REDIRECT = /^\/(?![/\\])[\w\-./?=&%]*$/;

/** The sign-in page's address that brings the user back to `path` afterwards (dropped when the login route would refuse it). */
export function loginHref(path: string): string {
  if (path.length > 512 || !SAFE_REDIRECT.test(path)) return '/login';
  return `/login?${new URLSearchParams({ redirect: path })}`;
}

/** Where the user is now, as a redirect target. */
export function currentPath(): string {
  return typeof location === 'undefined' ? '/' : `${location.pathname}${location.search}`;
}
