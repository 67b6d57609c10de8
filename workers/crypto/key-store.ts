import Dexie, { type EntityTable } from 'dexie';
import type { KeyStore } from '../../engine/crypto/key-lifecycle';
import type { ClientKeyPair } from '../../engine/crypto/primitives';
import type { ClientPrivateKey } from './client-private-key';

/** One stored pair under its slot id `t:…`, `u:…` or `a:…` (signing contract §2). */
export interface StoredKeyRow extends ClientKeyPair<ClientPrivateKey> {
  id: string;
}

/** The key database: IndexedDB stores the non-extractable CryptoKey objects themselves (signing contract §2). */
export class KeysDb extends Dexie {
  keys!: EntityTable<StoredKeyRow, 'id'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ keys: 'id' });
  }
}

/** Default name of the key database. */
export const KEYS_DB_NAME = 'ds1-keys';

/** Where keys are kept: IndexedDB, or memory only when IndexedDB is unavailable (lost when the worker ends). */
export type KeyStorageKind = 'indexeddb' | 'memory';

function memoryStore(): KeyStore<ClientPrivateKey> {
  const slots = new Map<string, ClientKeyPair<ClientPrivateKey>>();
  return {
    get: async (slot) => slots.get(slot),
    put: async (slot, pair) => void slots.set(slot, pair),
  };
}

function rowToPair({ id: _id, ...pair }: StoredKeyRow): ClientKeyPair<ClientPrivateKey> {
  return pair;
}

/** Opens the key store, falling back to memory when IndexedDB is missing or refuses to open. */
export async function openKeyStore(options: {
  name: string;
  useIndexedDb: boolean;
}): Promise<{ store: KeyStore<ClientPrivateKey>; kind: KeyStorageKind }> {
  if (!options.useIndexedDb || typeof indexedDB === 'undefined') return { store: memoryStore(), kind: 'memory' };
  const db = new KeysDb(options.name);
  try {
    await db.open();
  } catch {
    return { store: memoryStore(), kind: 'memory' };
  }
  return {
    kind: 'indexeddb',
    store: {
      get: async (slot) => {
        const row = await db.keys.get(slot);
        return row ? rowToPair(row) : undefined;
      },
      put: async (slot, pair) => void (await db.keys.put({ ...pair, id: slot })),
    },
  };
}
