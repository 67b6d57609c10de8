import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the gateway answers with its own status, code and message; anything else becomes a 500 "The system is busy". */
export class GatewayError extends Error {
  /** Creates an error that maps to an HTTP status and an envelope code. */
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * A refusal the page shows to the user (spec §8): answered `{status:"error", code, msg, data:null}`, HTTP 200 unless a
 * limit or a missing session says otherwise. Each area names its own (`AuthError`, `TradeError`); one handler answers
 * them all (`businessErrorHandler`).
 */
export class BusinessError extends GatewayError {
  /** Creates a refusal with its envelope code, message and HTTP status. */
  constructor(code: string, message: string, status: ContentfulStatusCode = 200) {
    super(status, code, message);
    this.name = 'BusinessError';
  }
}

/** `00005`, HTTP 401: the route needs a signed-in session and the request has none. */
export function notSignedIn(): GatewayError {
  return new GatewayError(401, '00005', 'Please login to visit');
}

/**
 * `20906` ("login expired", HTTP 200): the request carried a session cookie that no longer names a session. The page
 * signs out, unless it sent the request under another login than the one it now holds (spec §8).
 */
export function loginExpired(): BusinessError {
  return new BusinessError('20906', 'Login expired, please log in again');
}

/** The body is not valid JSON (code 40001: HTTP 400, or 200 with `status:"error"` on `/v1`, see `replyError`). */
export function malformedJson(): GatewayError {
  return new GatewayError(400, '40001', 'Malformed JSON body');
}

/** A body field has the wrong type or value (code 40002, HTTP 400; 200 with `status:"error"` on `/v1`); the message names the field. */
export function invalidField(field: string, expectation: string): GatewayError {
  return new GatewayError(400, '40002', `Invalid field ${field}: ${expectation}`);
}

/** The body is larger than the route accepts (HTTP 413, code 41300). */
export function bodyTooLarge(limitBytes: number): GatewayError {
  return new GatewayError(413, '41300', `Request body larger than ${limitBytes} bytes`);
}

/** The body broke off before its end: the client went away or the connection failed (HTTP 400, code 40004). */
export function bodyCutOff(): GatewayError {
  return new GatewayError(400, '40004', 'Request body was cut off');
}

/** The JSON body nests deeper than any route reads (HTTP 400, code 40005). */
export function jsonTooDeep(maxDepth: number): GatewayError {
  return new GatewayError(400, '40005', `JSON body nested deeper than ${maxDepth} levels`);
}

/** The body's content type is not one the route accepts (HTTP 415, code 41500). */
export function unsupportedMediaType(): GatewayError {
  return new GatewayError(415, '41500', 'Unsupported content type');
}

/** No such API route (HTTP 404, code 40404). */
export function routeNotFound(): GatewayError {
  return new GatewayError(404, '40404', 'Request error');
}
