import type { Context } from 'hono';
import { replyError } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { GatewayError } from '../http/gateway-error';

/** Response header naming the failed check's code (contract §4, spec §8). */
export const SIGN_ERROR_HEADER = 'gateway-sign-error';

/** Signature failure codes (spec §4): missing, mode not matched, expired, invalid. */
export type SignErrorCode = '00020' | '00021' | '00022' | '00023';

/** Message of each signature failure code. */
export const SIGN_ERROR_MESSAGES: Readonly<Record<SignErrorCode, string>> = {
  '00020': 'Request signature missing',
  '00021': 'Request signature mode not matched',
  '00022': 'Request signature expired',
  '00023': 'Request signature invalid',
};

/** Replies HTTP 200 `{code, msg, data:null}` with the `gateway-sign-error: <code>` header (contract §4). */
export function replySignError(c: Context<GatewayEnv>, code: SignErrorCode): Response {
  c.header(SIGN_ERROR_HEADER, code);
  return replyError(c, new GatewayError(200, code, SIGN_ERROR_MESSAGES[code]));
}
