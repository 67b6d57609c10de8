import type { KeyGenerator, KeyStore } from '../../engine/crypto/key-lifecycle';
import type { CryptoPrimitives } from '../../engine/crypto/primitives';
import { type ClientPrivateKey, isCryptoKey } from './client-private-key';
import { secureOnly, webCryptoKeyGenerator } from './key-generators';
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
  return {
    backend: 'forge',
    primitives: lazyForgePrimitives(),
    generator: secureOnly(
      { generate: async (algorithm, signal) => (await loadForge()).forgeKeyGenerator().generate(algorithm, signal) },
      isSecure,
    ),
    secureContext,
  };
}

/**
 * node-forge (about 120 KB gzip) is a chunk of its own, fetched the first time the forge backend needs it: a worker
 * with SubtleCrypto, nearly every one, never loads it, so it starts and signs sooner.
 */
let forgeModule: Promise<typeof import('./forge-backend')> | null = null;
let forgeLoaded: typeof import('./forge-backend') | null = null;
function loadForge(): Promise<typeof import('./forge-backend')> {
  forgeModule ??= import('./forge-backend').then((module) => {
    forgeLoaded = module;
    return module;
  });
  return forgeModule;
}

/** The forge primitives, each loading node-forge on first use; random bytes come from the platform when it has them. */
function lazyForgePrimitives(): CryptoPrimitives<ClientPrivateKey> {
  void loadForge();
  const via =
    <A extends unknown[], R>(pick: (p: CryptoPrimitives<ClientPrivateKey>) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      pick((await loadForge()).forgePrimitives)(...args);
  return {
    md5: via((p) => p.md5),
    sha256: via((p) => p.sha256),
    aes128CbcEncrypt: via((p) => p.aes128CbcEncrypt),
    hmacSha256: via((p) => p.hmacSha256),
    rsaOaepSha256Encrypt: via((p) => p.rsaOaepSha256Encrypt),
    rsaSign: via((p) => p.rsaSign),
    rsaVerify: via((p) => p.rsaVerify),
    randomBytes(length) {
      if (typeof globalThis.crypto?.getRandomValues === 'function')
        return globalThis.crypto.getRandomValues(new Uint8Array(length));
      if (!forgeLoaded) throw new Error('no random source yet: node-forge is still loading');
      return forgeLoaded.forgeRandomBytes(length);
    },
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
