import forge from 'node-forge';
import type { CancelSignal, KeyGenerator } from '../../engine/crypto/key-lifecycle';
import { KEY_BITS } from '../../engine/crypto/primitives';
import type { ClientPrivateKey } from './client-private-key';
import { fromBinary } from './forge-bytes';

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
