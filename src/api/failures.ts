import { RequestError } from './request';

/**
 * True when a failure means nobody is signed in (`00005`, HTTP 401) or the login expired: a state of the page, which
 * shows its sign-in prompt, not an error.
 */
export function isSignedOutError(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  return (
    error.kind === 'login-expired' ||
    error.details.code === '00005' ||
    (error.kind === 'http' && error.details.status === 401)
  );
}

/**
 * True when a failure is the device being offline: the page says so, and shows what it kept, instead of "failed". A
 * network failure while the browser is online (the server unreachable) is a failure like any other.
 */
export function isOfflineError(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    (error.kind === 'network' || error.kind === 'timeout') &&
    typeof navigator !== 'undefined' &&
    !navigator.onLine
  );
}
