import forge from 'node-forge';
import type { CancelSignal, KeyGenerator } from '../../engine/crypto/key-lifecycle';
import { KEY_BITS } from '../../engine/crypto/primitives';
import type { ClientPrivateKey } from './client-private-key';
import { fromBinary } from './forge-bytes';

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

interface ForgeGenerationState {
  keys?: { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey };
}
// node-forge has these two functions; its typings do not.
const rsa = forge.pki.rsa as unknown as {
  createKeyPairGenerationState(bits: number, e: number): ForgeGenerationState;
  stepKeyPairGenerationState(state: ForgeGenerationState, ms: number): boolean;
};

const STEP_MS = 100;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * node-forge pairs for workers without SubtleCrypto, the private key kept as PKCS#8 PEM (signing contract §2).
 * Generation runs in short steps so the 8 s timeout can fire and a cancelled generation stops.
 */
export function forgeKeyGenerator(): KeyGenerator<ClientPrivateKey> {
  return {
    async generate(algorithm, signal: CancelSignal) {
      const state = rsa.createKeyPairGenerationState(KEY_BITS[algorithm], 0x10001);
      while (!rsa.stepKeyPairGenerationState(state, STEP_MS)) {
        await nextTask();
        if (signal.cancelled) throw new Error('key generation cancelled');
      }
      const { privateKey, publicKey } = state.keys!;
      const privateKeyPem = forge.pki.privateKeyInfoToPem(
        forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(privateKey)),
      );
      const spkiDer = fromBinary(forge.asn1.toDer(forge.pki.publicKeyToAsn1(publicKey)).getBytes());
      return { spkiDer, privateKey: { privateKeyPem } };
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
