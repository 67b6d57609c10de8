import { createHmac } from 'node:crypto';
import { safeEqualText } from '../auth/safe-equal';
import { verifyPassword } from '../auth/password-hash';
import { TIMESTAMP_WINDOW_MS } from '../v2-api/api-key-auth';
import { API_KEY_PATTERN } from '../api-keys/api-key-rules';
import type { ApiKeyStore } from '../api-keys/api-key-store';
import { isAllowedIp } from '../api-keys/ip-allow-list';
import type { ReplayStore } from '../security/replay-store';
import { type LoginArgs, PRIVATE_ERRORS } from './private-protocol';

/** Whole seconds since the epoch, as the login's `timestamp` is sent (a number arrives as its digits, `timestampText`). */
const SECONDS = /^\d{1,12}$/;

/** Who a logged-in private socket acts for. */
export interface PrivateSession {
  userId: string;
  apiKey: string;
}

/** A refused login: the error event's code and message, and the reason for the log. */
export interface LoginRefusal {
  code: number;
  msg: string;
  reason: string;
}

/** What a login check needs. */
export interface PrivateLoginDeps {
  store: ApiKeyStore;
  replays: ReplayStore;
  /** The gateway's clock in ms. */
  now: () => number;
}

/** The login `sign`: base64 HMAC-SHA256 of `timestamp + "GET" + "/user/verify"`, keyed with the secret text. */
export function loginSign(secret: string, timestamp: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}GET/user/verify`).digest('base64');
}

const refuse = (code: number, msg: string, reason: string): LoginRefusal => ({ code, msg, reason });

/**
 * Checks a private-stream login by the REST key check's rules (`api-key-auth.ts`): the key read afresh (a disabled or
 * deleted key fails), the timestamp (seconds, sent as a string or a JSON number) within 30 s either way, the signature
 * over the timestamp's decimal digits, each login signature accepted once (replay kind `api-key-login`, claimed before
 * the checks after it), the passphrase, the address against the key's allow-list, and the `read` permission. Answers
 * the session, or the refusal to send.
 */
export async function checkPrivateLogin(
  deps: PrivateLoginDeps,
  args: LoginArgs,
  address: string,
): Promise<PrivateSession | LoginRefusal> {
  if (args.apiKey === '') return refuse(PRIVATE_ERRORS.accessKeyInvalid, 'Invalid ACCESS_KEY', 'no key');
  if (args.passphrase === '')
    return refuse(PRIVATE_ERRORS.passphraseInvalid, 'Invalid ACCESS_PASSPHRASE', 'no passphrase');
  if (!SECONDS.test(args.timestamp))
    return refuse(PRIVATE_ERRORS.timestampInvalid, 'Invalid ACCESS_TIMESTAMP', 'malformed timestamp');
  if (args.sign === '') return refuse(PRIVATE_ERRORS.signInvalid, 'Invalid sign', 'no sign');
  const nowMs = deps.now();
  const sentAt = Number(args.timestamp) * 1000;
  if (Math.abs(nowMs - sentAt) > TIMESTAMP_WINDOW_MS)
    return refuse(PRIVATE_ERRORS.timestampExpired, 'Request timestamp expired', 'stale timestamp');
  const credential = API_KEY_PATTERN.test(args.apiKey) ? deps.store.credential(args.apiKey) : undefined;
  if (!credential?.enabled || credential.secret === null)
    return refuse(PRIVATE_ERRORS.accessKeyInvalid, 'Invalid ACCESS_KEY', credential ? 'disabled' : 'unknown key');
  if (!safeEqualText(loginSign(credential.secret, args.timestamp), args.sign))
    return refuse(PRIVATE_ERRORS.signInvalid, 'Invalid sign', 'signature');
  // Used up before the checks after it, so a captured login is refused the second time whatever else it gets wrong.
  if (!deps.replays.claim('api-key-login', `${args.apiKey}\n${args.sign}`, nowMs, sentAt + TIMESTAMP_WINDOW_MS + 1))
    return refuse(PRIVATE_ERRORS.timestampExpired, 'Request timestamp expired', 'replayed login');
  if (!(await verifyPassword(args.passphrase, credential.passphraseHash)))
    return refuse(PRIVATE_ERRORS.passphraseInvalid, 'Invalid ACCESS_PASSPHRASE', 'passphrase');
  if (!isAllowedIp(credential.ips, address))
    return refuse(PRIVATE_ERRORS.ipNotAllowed, 'Invalid IP', `address ${address}`);
  if (!credential.permissions.includes('read'))
    return refuse(PRIVATE_ERRORS.permissionMissing, 'Incorrect permissions, need read permissions', 'no read');
  deps.store.touch(args.apiKey, nowMs);
  return { userId: credential.userId, apiKey: args.apiKey };
}

/** True while the session's key is still enabled, still the same owner's, and still allowed to read. */
export function isSessionValid(store: ApiKeyStore, session: PrivateSession): boolean {
  const credential = store.credential(session.apiKey);
  return (
    credential?.enabled === true && credential.userId === session.userId && credential.permissions.includes('read')
  );
}
