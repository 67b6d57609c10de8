import { toHex, utf8 } from './encoding';
import type { CryptoPrimitives, KeyAlgorithm } from './primitives';

/** `keyId` = the first 32 hex characters of hex(SHA-256(SPKI DER)) (signing contract §2). */
export async function keyIdOf(primitives: CryptoPrimitives<unknown>, spkiDer: Uint8Array): Promise<string> {
  return toHex(await primitives.sha256(spkiDer)).slice(0, 32);
}

/** hex(SHA-256(text)) of a UTF-8 string: `userIdHash` and the token hash of the storage ids (signing contract §2, §5). */
export async function sha256Hex(primitives: CryptoPrimitives<unknown>, text: string): Promise<string> {
  return toHex(await primitives.sha256(utf8(text)));
}

/** Storage id of the pair bound to a login token: `t:` + hex(SHA-256(token)) (signing contract §2). */
export async function tokenSlot(primitives: CryptoPrimitives<unknown>, loginToken: string): Promise<string> {
  return `t:${await sha256Hex(primitives, loginToken)}`;
}

/** Storage id of the pair bound to a user: `u:` + hex(SHA-256(userId)) (signing contract §2, §5). */
export async function userSlot(primitives: CryptoPrimitives<unknown>, userId: string): Promise<string> {
  return `u:${await sha256Hex(primitives, userId)}`;
}

/** Storage id of the backup pair of an algorithm: `a:` + algorithm (signing contract §2). */
export function backupSlot(algorithm: KeyAlgorithm): string {
  return `a:${algorithm}`;
}
