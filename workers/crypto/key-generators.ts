import type { KeyGenerator } from '../../engine/crypto/key-lifecycle';
import { KEY_BITS } from '../../engine/crypto/primitives';
import type { ClientPrivateKey } from './client-private-key';

/** Thrown when key generation is asked for outside a secure context (spec §5: refused on non-https pages). */
export class InsecureContextError extends Error {
  constructor() {
    super('key generation needs a secure context (https or localhost)');
    this.name = 'InsecureContextError';
  }
}

/** RSASSA-PKCS1-v1_5/SHA-256 pairs from WebCrypto with a non-extractable private key (signing contract §2). */
export function webCryptoKeyGenerator(subtle: SubtleCrypto): KeyGenerator<ClientPrivateKey> {
  return {
    async generate(algorithm) {
      const pair = await subtle.generateKey(
        {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: KEY_BITS[algorithm],
          publicExponent: Uint8Array.of(1, 0, 1),
          hash: 'SHA-256',
        },
        false,
        ['sign', 'verify'],
      );
      // Public keys stay exportable whatever `extractable` says; only the private key is locked in.
      return { spkiDer: new Uint8Array(await subtle.exportKey('spki', pair.publicKey)), privateKey: pair.privateKey };
    },
  };
}

/** Refuses to generate outside a secure context; the worker reads `self.isSecureContext` itself (spec §4, §5). */
export function secureOnly<K>(generator: KeyGenerator<K>, isSecureContext: () => boolean): KeyGenerator<K> {
  return {
    generate(algorithm, signal) {
      if (!isSecureContext()) return Promise.reject(new InsecureContextError());
      return generator.generate(algorithm, signal);
    },
  };
}
