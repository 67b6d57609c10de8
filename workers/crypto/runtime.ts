import forge from 'node-forge';
import type { KeyGenerator, KeyStore } from '../../engine/crypto/key-lifecycle';
import type { CryptoPrimitives } from '../../engine/crypto/primitives';
import { type ClientPrivateKey, isCryptoKey } from './client-private-key';
import { forgePrimitives } from './forge-primitives';
import { forgeKeyGenerator, secureOnly, webCryptoKeyGenerator } from './key-generators';
import { KEYS_DB_NAME, type KeyStorageKind, openKeyStore } from './key-store';
import { webCryptoPrimitives } from './webcrypto-primitives';

/** Test-only switches of the crypto worker; production code never sets them. */
export interface CryptoTestOptions {
  /** false: behave as if `crypto.subtle` were missing (node-forge for everything). */
  subtle?: boolean;
  /** Overrides the worker's own `isSecureContext`. */
  secureContext?: boolean;
  /** false: behave as if IndexedDB were unavailable. */
  indexedDb?: boolean;
  /** Name of the key database, so tests start from an empty one. */
  dbName?: string;
}

/** Which crypto implementation the worker runs on. */
export type CryptoBackend = 'webcrypto' | 'forge';

/** The primitives and key generator of this worker, chosen from what the platform offers. */
export interface CryptoBackendParts {
  backend: CryptoBackend;
  primitives: CryptoPrimitives<ClientPrivateKey>;
  generator: KeyGenerator<ClientPrivateKey>;
  secureContext: boolean;
}

/** Picks WebCrypto when SubtleCrypto exists, else node-forge (signing contract §2); key generation only in a secure context. */
export function cryptoBackend(options: CryptoTestOptions): CryptoBackendParts {
  const subtle = options.subtle === false ? undefined : globalThis.crypto?.subtle;
  const secureContext = options.secureContext ?? globalThis.isSecureContext === true;
  const isSecure = () => secureContext;
  if (subtle) {
    return {
      backend: 'webcrypto',
      primitives: webCryptoPrimitives(subtle, (array) => crypto.getRandomValues(array)),
      generator: secureOnly(webCryptoKeyGenerator(subtle), isSecure),
      secureContext,
    };
  }
  // Without SubtleCrypto node-forge must not reach for it either (`options` exists at run time, not in its typings).
  (forge as unknown as { options: { usePureJavaScript: boolean } }).options.usePureJavaScript = true;
  return {
    backend: 'forge',
    primitives: forgePrimitives,
    generator: secureOnly(forgeKeyGenerator(), isSecure),
    secureContext,
  };
}

/** Opens the key store; with the forge backend, pairs holding WebCrypto keys are invisible since they cannot sign there. */
export async function cryptoKeyStore(
  options: CryptoTestOptions,
  backend: CryptoBackend,
): Promise<{ store: KeyStore<ClientPrivateKey>; kind: KeyStorageKind }> {
  const opened = await openKeyStore({
    name: options.dbName ?? KEYS_DB_NAME,
    useIndexedDb: options.indexedDb !== false,
  });
  if (backend === 'webcrypto') return opened;
  return {
    kind: opened.kind,
    store: {
      get: async (slot) => {
        const pair = await opened.store.get(slot);
        return pair && !isCryptoKey(pair.privateKey) ? pair : undefined;
      },
      put: (slot, pair) => opened.store.put(slot, pair),
    },
  };
}
