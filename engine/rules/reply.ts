/** What the request layer must do with a server reply (spec §8). */
export type ReplyOutcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'login-expired'; code: string }
  | { kind: 'session-notice'; code: string; message: string }
  | { kind: 'timed-out'; code: string }
  | { kind: 'business-error'; code: string; message: string }
  | { kind: 'no-data' }
  | { kind: 'bad-reply' };

/** Codes after which the session is gone (spec §8). */
export const LOGIN_EXPIRED_CODES: readonly string[] = ['20906', '20205'];
/** Codes whose message is shown and whose call resolves nothing, except the userinfo call (spec §8). */
export const SESSION_NOTICE_CODES: readonly string[] = ['00004', '00005', '00006'];
/** Result codes that say the request timed out: the app lists' `401` and the app's request time-out (spec §7.9, §8). */
export const TIMED_OUT_CODES: readonly string[] = ['401', '110100'];
/** Success codes: the web API's `00000` and the app lists' `0` and `200` (spec §7.9, §8). */
export const SUCCESS_CODES: readonly string[] = ['00000', '0', '200'];

/** Which text of spec §8 an HTTP failure shows: 403, 404/504, 500, or the status followed by "busy". */
export function httpFailureText(status: number): 'forbidden' | 'notfound' | 'unknow' | 'status' {
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 504) return 'notfound';
  if (status === 500) return 'unknow';
  return 'status';
}

/** Classifies a 2xx reply body by the rules of spec §8. */
export function classifyReply(body: unknown, options: { resolvesSessionNotice?: boolean } = {}): ReplyOutcome {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { kind: 'bad-reply' };
  const reply = body as Record<string, unknown>;
  const code = reply.code === undefined || reply.code === null ? '' : String(reply.code);
  const message = typeof reply.msg === 'string' ? reply.msg.trim() : '';

  if (LOGIN_EXPIRED_CODES.includes(code)) return { kind: 'login-expired', code };
  if (SESSION_NOTICE_CODES.includes(code) && message) {
    if (options.resolvesSessionNotice) return 'data' in reply ? { kind: 'ok', data: reply.data } : { kind: 'no-data' };
    return { kind: 'session-notice', code, message };
  }
  if (TIMED_OUT_CODES.includes(code)) return { kind: 'timed-out', code };
  if (reply.status === 'error' || (code !== '' && !SUCCESS_CODES.includes(code))) {
    return { kind: 'business-error', code, message };
  }
  if (!('data' in reply) || reply.data === undefined) return { kind: 'no-data' };
  return { kind: 'ok', data: reply.data };
}
