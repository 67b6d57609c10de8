import { toBase64, utf8 } from './encoding';
import { buildJweCompact } from './jwe-compact';
import { type ClientKeyPair, type CryptoPrimitives, type DebugLog, silentLog } from './primitives';
import { serverKeyFingerprint } from './server-key';
import type { SignConfig } from './sign-config';
import { pathOnly } from './url-rules';

/** A login request body to protect (signing contract §3). */
export interface LoginEnvelopeInput {
  /** Request path with `/v1`; a query, if any, is not part of it. */
  path: string;
  /** The JSON body as an object. */
  body: Record<string, unknown>;
  /** ms since epoch, server-corrected (the `request-time` of the request). */
  ts: number;
  /** The fields named by the `enc:` mode. */
  fields: readonly string[];
}

/** The text `initSign` signs: `DS1-init\n{path}\n{ts}\n{fp}\n{publicKey}` (signing contract §3 step 3). */
export function initSignText(path: string, ts: number, fingerprint: string, publicKey: string): string {
  return `DS1-init\n${path}\n${ts}\n${fingerprint}\n${publicKey}`;
}

/**
 * Moves the named login fields into a JWE for the server (signing contract §3): the plaintext is the removed
 * fields plus `algorithm`, `publicKey`, `initSign`, `ts` and `path`; the result is the other fields plus `bodyCiphertext`.
 */
export async function buildLoginEnvelope<K>(
  primitives: CryptoPrimitives<K>,
  config: SignConfig,
  key: ClientKeyPair<K>,
  input: LoginEnvelopeInput,
  log: DebugLog = silentLog,
): Promise<Record<string, unknown>> {
  if (!Number.isSafeInteger(input.ts) || input.ts <= 0) throw new RangeError('ts must be ms since epoch');
  const path = pathOnly(input.path);
  const secret = new Set(input.fields);
  const own = Object.entries(input.body);
  const removed = own.filter(([name]) => secret.has(name));
  const remaining = own.filter(([name]) => !secret.has(name) && name !== 'bodyCiphertext');

  const fingerprint = await serverKeyFingerprint(primitives, config.serverPublicKey);
  const initSign = toBase64(
    await primitives.rsaSign(key.privateKey, utf8(initSignText(path, input.ts, fingerprint, key.publicKey))),
  );
  // Object.fromEntries defines own properties, so a field named "__proto__" stays data and cannot touch a prototype.
  const plaintext = JSON.stringify(
    Object.fromEntries([
      ...removed,
      ['algorithm', key.algorithm],
      ['publicKey', key.publicKey],
      ['initSign', initSign],
      ['ts', input.ts],
      ['path', path],
    ]),
  );
  const bodyCiphertext = await buildJweCompact(primitives, config.serverPublicKeyDer, fingerprint, utf8(plaintext));
  log('encryptLogin', { path, fields: removed.map(([name]) => name).join(','), keyId: key.keyId, kid: fingerprint });
  return Object.fromEntries([...remaining, ['bodyCiphertext', bodyCiphertext]]);
}
