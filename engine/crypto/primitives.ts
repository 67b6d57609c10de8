/** Client key sizes the config may ask for (signing contract §2, spec §9: fallback rsa1024). */
export type KeyAlgorithm = 'rsa1024' | 'rsa2048';

/** Modulus length of each client key algorithm (signing contract §2). */
export const KEY_BITS: Record<KeyAlgorithm, number> = { rsa1024: 1024, rsa2048: 2048 };

/**
 * The crypto primitives the DS1 protocol needs (signing contract §2–§5), injected so the protocol runs on
 * node:crypto in unit tests and on WebCrypto or node-forge in the worker; `K` is the opaque private-key handle.
 */
export interface CryptoPrimitives<K> {
  md5(data: Uint8Array): Promise<Uint8Array>;
  sha256(data: Uint8Array): Promise<Uint8Array>;
  /** `length` bytes from a CSPRNG. */
  randomBytes(length: number): Uint8Array;
  /** AES-128-CBC with PKCS#7 padding; `key` and `iv` are 16 bytes. */
  aes128CbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Promise<Uint8Array>;
  hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  /** RSAES-OAEP with SHA-256 and MGF1-SHA-256, empty label, under an RSA public key given as SPKI DER. */
  rsaOaepSha256Encrypt(spkiDer: Uint8Array, plaintext: Uint8Array): Promise<Uint8Array>;
  /** RSASSA-PKCS1-v1_5 with SHA-256 by the private key behind `privateKey`. */
  rsaSign(privateKey: K, data: Uint8Array): Promise<Uint8Array>;
  /** RSASSA-PKCS1-v1_5 with SHA-256 verification under an SPKI DER public key; false (never a throw) when it fails. */
  rsaVerify(spkiDer: Uint8Array, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

/** A client key pair as stored and used (signing contract §2): b64 SPKI, its key id, and the opaque private key. */
export interface ClientKeyPair<K> {
  algorithm: KeyAlgorithm;
  /** b64(SPKI DER). */
  publicKey: string;
  /** First 32 hex characters of hex(SHA-256(SPKI DER)). */
  keyId: string;
  privateKey: K;
  createdAt: number;
}

/** A debug sink for `sign_debug=1` (spec §9): step names and non-secret facts only. */
export type DebugLog = (step: string, facts?: Record<string, string | number | boolean | null>) => void;

/** A debug sink that drops everything. */
export const silentLog: DebugLog = () => {};
