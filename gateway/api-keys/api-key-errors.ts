import { AuthError } from '../auth/auth-errors';
import { GatewayError } from '../http/gateway-error';
import type { ApiPermission } from './api-key-rules';

/**
 * A key the session's account does not hold: unknown, deleted, malformed or another account's; one reply for all, so
 * the answer never tells whether a key exists (the API key routes' `{status:"error"}` business reply).
 */
export const apiKeyNotFound = () => new AuthError('40320', 'This API key does not exist');
/** The account holds MAX_KEYS_PER_USER keys already. */
export const apiKeyLimit = (max: number) => new AuthError('40321', `An account can hold at most ${max} API keys`);

/**
 * The refusals of the exchange's v2 private REST authentication, with its codes and messages (Bitget's common error
 * code table: 40001–40018; HTTP 400 as it answers them), in the `{code, msg, requestTime, data:null}` shape of `/api/`.
 */
const v2 = (code: string, message: string) => new GatewayError(400, code, message);

/** `40001`: no `ACCESS-KEY` header. */
export const accessKeyMissing = () => v2('40001', 'ACCESS_KEY cannot be empty');
/** `40002`: no `ACCESS-SIGN` header. */
export const accessSignMissing = () => v2('40002', 'ACCESS_SIGN cannot be empty');
/** `40005`: no `ACCESS-TIMESTAMP` header, or not milliseconds since the epoch. */
export const accessTimestampInvalid = () => v2('40005', 'Invalid ACCESS_TIMESTAMP');
/** `40006`: a key that is malformed, unknown, deleted or disabled (one reply for all). */
export const accessKeyInvalid = () => v2('40006', 'Invalid ACCESS_KEY');
/** `40007`: a body sent as anything but JSON. */
export const contentTypeInvalid = () => v2('40007', 'Invalid Content_Type, please use the application/json format');
/** `40008`: a timestamp more than 30 s from the gateway's clock, or a signature already used. */
export const timestampExpired = () => v2('40008', 'Request timestamp expired');
/** `40009`: the signature does not match the request. */
export const signatureWrong = () => v2('40009', 'sign signature error');
/** `40011`: no `ACCESS-PASSPHRASE` header. */
export const passphraseMissing = () => v2('40011', 'ACCESS_PASSPHRASE cannot be empty');
/** `40012`: the passphrase is not the key's. */
export const passphraseWrong = () => v2('40012', 'apikey/password is incorrect');
/** `40014`: the key lacks the permission the route declares. */
export const permissionMissing = (permission: ApiPermission) =>
  v2('40014', `Incorrect permissions, need ${permission} permissions`);
/** `40018`: the request's address is outside the key's allow-list. */
export const ipNotAllowed = () => v2('40018', 'Invalid IP');
/** `40020`: a query parameter with a value the route does not take (Bitget's "Parameter {0} error"). */
export const parameterInvalid = (name: string) => v2('40020', `Parameter ${name} error`);
