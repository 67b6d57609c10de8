import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { GatewayEnv } from './gateway-env';
import { BusinessError, GatewayError } from './gateway-error';

/** The `/v1` reply envelope of spec §7.1 and §8. */
export interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
  status?: 'error';
}

/** Success code of both the `/v1` and the public market API. */
export const SUCCESS_CODE = '00000';
/** Message of an unexpected server failure (spec §8). */
export const BUSY_MESSAGE = 'The system is busy';

/** Replies `{code, msg, data}` with a status (default 200) and notes the code for the request log. */
export function replyEnvelope<T>(
  c: Context<GatewayEnv>,
  body: Envelope<T>,
  status: ContentfulStatusCode = 200,
): Response {
  c.set('replyCode', body.code);
  return c.json(body, status);
}

/** Replies the `/v1` success envelope `{code:"00000", msg:"success", data}`. */
export function replyOk<T>(c: Context<GatewayEnv>, data: T): Response {
  return replyEnvelope(c, { code: SUCCESS_CODE, msg: 'success', data });
}

/** Replies a business error the client should show: HTTP 200 `{status:"error", code, msg, data:null}` (spec §8). */
export function replyBusinessError(c: Context<GatewayEnv>, code: string, msg: string): Response {
  return replyEnvelope(c, { status: 'error', code, msg, data: null });
}

/** Replies the public market API's success envelope `{code, msg, requestTime, data}`. */
export function replyMarketOk<T>(c: Context<GatewayEnv>, data: T): Response {
  c.set('replyCode', SUCCESS_CODE);
  return c.json({ code: SUCCESS_CODE, msg: 'success', requestTime: Date.now(), data });
}

/**
 * Replies a transport-level error envelope; market API paths also get `requestTime`, as the exchange sends it. A `/v1`
 * request the gateway could not read (bad JSON, a refused field: HTTP 400) is answered as spec §8 expects of a refusal
 * the page shows: HTTP 200 `{status:"error", code, msg, data:null}`, so the page shows the code's text, not a status.
 */
export function replyError(c: Context<GatewayEnv>, error: GatewayError): Response {
  c.set('replyCode', error.code);
  if (error.status === 400 && c.req.path.startsWith('/v1/'))
    return c.json({ status: 'error', code: error.code, msg: error.message, data: null });
  const body = c.req.path.startsWith('/api/')
    ? { code: error.code, msg: error.message, requestTime: Date.now(), data: null }
    : { code: error.code, msg: error.message, data: null };
  return c.json(body, error.status);
}

/**
 * Error handler of every area's routes: a refusal gets the business envelope with its status, another gateway error its
 * own envelope, and anything else goes on to the app's handler (a 500 "The system is busy").
 */
export const businessErrorHandler: ErrorHandler<GatewayEnv> = (error, c) => {
  if (error instanceof BusinessError)
    return replyEnvelope(c, { status: 'error', code: error.code, msg: error.message, data: null }, error.status);
  if (error instanceof GatewayError) return replyError(c, error);
  throw error;
};
