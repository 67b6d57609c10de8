import { createCipheriv, createDecipheriv, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** An API key's secret as stored: a fresh 12-byte nonce and AES-256-GCM ciphertext with its 16-byte tag appended. */
export interface SealedSecret {
  nonce: Buffer;
  sealed: Buffer;
}

/**
 * The key API key secrets are sealed with: HKDF-SHA-256 over the gateway's private server key with a label of its own
 * (as deposit addresses derive theirs), so the secrets depend on a file no client sees and no other use shares the key.
 */
export function apiSecretKey(serverPrivateKey: KeyObject): Buffer {
  const secret = serverPrivateKey.export({ format: 'der', type: 'pkcs8' });
  return Buffer.from(hkdfSync('sha256', secret, 'paper-exchange', 'api key secrets v1', 32));
}

/** The key and account a secret belongs to, authenticated with it, so a sealed secret moved to another row fails to open. */
function associatedData(apiKey: string, userId: string): Buffer {
  return Buffer.from(`${apiKey}\n${userId}`, 'utf8');
}

/** Seals a secret for one key of one account with AES-256-GCM under a fresh random nonce. */
export function sealSecret(key: Buffer, apiKey: string, userId: string, secret: Buffer): SealedSecret {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData(apiKey, userId));
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return { nonce, sealed: Buffer.concat([body, cipher.getAuthTag()]) };
}

/** Opens a sealed secret, or null when it does not open (another server key, another row, a changed byte). */
export function openSecret(key: Buffer, apiKey: string, userId: string, stored: SealedSecret): Buffer | null {
  if (stored.nonce.length !== NONCE_BYTES || stored.sealed.length < TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, stored.nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(apiKey, userId));
    decipher.setAuthTag(stored.sealed.subarray(stored.sealed.length - TAG_BYTES));
    const body = stored.sealed.subarray(0, stored.sealed.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    return null;
  }
}
