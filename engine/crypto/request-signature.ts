import { toBase64, toHex, utf8 } from './encoding';
import { type ClientKeyPair, type CryptoPrimitives, type DebugLog, silentLog } from './primitives';
import type { SignConfig } from './sign-config';
import { buildSignedText } from './signed-text';
import { isRequestTime, time8 } from './time8';
import { isCoreUrl, pathOnly, signModeFor } from './url-rules';

/** The headers a signed core request carries (signing contract §4). */
export interface DeviceSignHeaders {
  'device-sign': string;
  'device-sign-mode': string;
  'device-sign-key': string;
  /** Only when the mode covers the body. */
  'device-sign-data-md5'?: string;
}

/** Why a request went out unsigned; the `error` ones are logged as errors (spec §5). */
export type SkipReason =
  | 'not-ready'
  | 'disabled'
  | 'not-core-url'
  | 'no-login-token'
  | 'missing-request-time'
  | 'missing-trace-id'
  | 'missing-header'
  | 'no-key'
  | 'sign-failed';

/** Skip reasons that mean the request layer or the key store is broken, not that signing does not apply. */
export const ERROR_SKIPS: readonly SkipReason[] = [
  'missing-request-time',
  'missing-trace-id',
  'missing-header',
  'no-key',
  'sign-failed',
];

/** A core request as the request layer is about to send it (signing contract §4). */
export interface RequestToSign {
  method: string;
  /** Path with `/v1` and the query exactly as sent. */
  pathWithQuery: string;
  /** Value of the `request-time` header. */
  requestTime: string | undefined;
  /** Value of the `trace-id` header. */
  traceId: string | undefined;
  /** The raw body bytes as sent (empty for none). */
  body: Uint8Array;
  /** Every other header sent, for `h:<name>` items. */
  headers: Readonly<Record<string, string>>;
}

/** Signed headers, or why the request goes unsigned. */
export type SignOutcome =
  | { signed: true; headers: DeviceSignHeaders }
  | { signed: false; skipped: SkipReason; detail?: string };

const TRACE_ID = /^[\x21-\x7e]{1,128}$/;

/** Whether a request is a signed core request at all: setup ready, a core url, a login token (signing contract §4). */
export function signingApplies(
  phase: string,
  config: SignConfig | null,
  path: string,
  hasLoginToken: boolean,
): SkipReason | null {
  if (phase === 'disabled') return 'disabled';
  if (phase !== 'ready' || !config) return 'not-ready';
  if (!isCoreUrl(config, path)) return 'not-core-url';
  return hasLoginToken ? null : 'no-login-token';
}

function headerLookup(headers: Readonly<Record<string, string>>): (name: string) => string | undefined {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  // A value with a line break cannot be sent, and inside the signed text it would forge extra lines.
  return (name) => {
    const value = lower.get(name.toLowerCase());
    return typeof value === 'string' && !/[\r\n]/.test(value) ? value : undefined;
  };
}

/** Builds the signed text of a core request and signs it with the client key, returning the DS1 headers (signing contract §4). */
export async function signCoreRequest<K>(
  primitives: CryptoPrimitives<K>,
  config: SignConfig,
  key: ClientKeyPair<K>,
  request: RequestToSign,
  log: DebugLog = silentLog,
): Promise<SignOutcome> {
  if (request.requestTime === undefined || !isRequestTime(request.requestTime))
    return { signed: false, skipped: 'missing-request-time' };
  if (request.traceId === undefined || !TRACE_ID.test(request.traceId))
    return { signed: false, skipped: 'missing-trace-id' };
  const mode = signModeFor(config, request.pathWithQuery);
  const bodyMd5 = toHex(await primitives.md5(request.body));
  const text = buildSignedText({
    mode,
    method: request.method,
    pathWithQuery: request.pathWithQuery,
    time8: time8(request.requestTime),
    traceId: request.traceId,
    bodyMd5,
    header: headerLookup(request.headers),
  });
  if (typeof text !== 'string') return { signed: false, skipped: 'missing-header', detail: text.missingHeader };
  const signature = await primitives.rsaSign(key.privateKey, utf8(text));
  log('sign', {
    mode: mode.text,
    path: pathOnly(request.pathWithQuery),
    time8: time8(request.requestTime),
    lines: text.split('\n').length,
    keyId: key.keyId,
  });
  const headers: DeviceSignHeaders = {
    'device-sign': toBase64(signature),
    'device-sign-mode': mode.text,
    'device-sign-key': key.keyId,
  };
  if (mode.coversBody) headers['device-sign-data-md5'] = bodyMd5;
  return { signed: true, headers };
}
