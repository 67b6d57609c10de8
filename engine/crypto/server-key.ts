import { toHex, utf8 } from './encoding';
import type { CryptoPrimitives } from './primitives';
import type { SignConfig } from './sign-config';

/** `fp` = hex(MD5(serverPublicKey)), MD5 over the b64 text exactly as the config sent it (signing contract §1, §3). */
export async function serverKeyFingerprint(
  primitives: CryptoPrimitives<unknown>,
  serverPublicKey: string,
): Promise<string> {
  return toHex(await primitives.md5(utf8(serverPublicKey)));
}

/** The ASCII text the root key signs for a server key: `DS1-spk:` + fp (signing contract §1). */
export function serverKeySignedText(fingerprint: string): string {
  return `DS1-spk:${fingerprint}`;
}

/** Checks `serverPublicKeySign` (RSASSA-PKCS1-v1_5/SHA-256) with the embedded root key's SPKI; false for any failure (signing contract §1). */
export async function verifyServerKey(
  primitives: CryptoPrimitives<unknown>,
  rootSpkiDer: Uint8Array,
  config: SignConfig,
): Promise<boolean> {
  if (!config.serverPublicKey || config.serverPublicKeySign.length === 0) return false;
  const text = serverKeySignedText(await serverKeyFingerprint(primitives, config.serverPublicKey));
  try {
    return await primitives.rsaVerify(rootSpkiDer, config.serverPublicKeySign, utf8(text));
  } catch {
    return false;
  }
}
