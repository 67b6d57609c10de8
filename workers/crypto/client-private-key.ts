/**
 * The opaque private-key handle of the worker (signing contract §2): a non-extractable WebCrypto key, or, where
 * SubtleCrypto is missing, the node-forge key as PKCS#8 PEM.
 */
export type ClientPrivateKey = CryptoKey | { privateKeyPem: string };

/** True when the handle is a WebCrypto key. */
export function isCryptoKey(key: ClientPrivateKey): key is CryptoKey {
  return typeof CryptoKey !== 'undefined' && key instanceof CryptoKey;
}
