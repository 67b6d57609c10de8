import type { KeyStore } from '../../engine/crypto/key-lifecycle';
import type { ClientKeyPair } from '../../engine/crypto/primitives';
import type { ClientPrivateKey } from './client-private-key';

/** One stored pair under its slot id `t:…`, `u:…` or `a:…` (signing contract §2). */
export interface StoredKeyRow extends ClientKeyPair<ClientPrivateKey> {
  id: string;
}

/**
 * The key database: IndexedDB stores the non-extractable CryptoKey objects themselves (signing contract §2). Plain
 * IndexedDB, not Dexie: the worker is on the path of every signed request of a page's first load, and one table read
 * by id does not justify a library of 25 KB gzip there. The layout is the one Dexie's `version(1).stores({ keys:
 * 'id' })` made, database version 10 and a `keys` store keyed by `id`, so pairs kept by earlier builds still sign.
 */
const DB_VERSION = 10;
const STORE = 'keys';

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

function openDb(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('the key database is blocked by another connection'));
  });
}

/** Runs one request in its own transaction and answers its result once the transaction committed. */
function run<T>(db: IDBDatabase, mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = make(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? request.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('key database transaction aborted'));
  });
}

/** Opens the key store, falling back to memory when IndexedDB is missing or refuses to open. */
export async function openKeyStore(options: {
  name: string;
  useIndexedDb: boolean;
}): Promise<{ store: KeyStore<ClientPrivateKey>; kind: KeyStorageKind }> {
  if (!options.useIndexedDb || typeof indexedDB === 'undefined') return { store: memoryStore(), kind: 'memory' };
  let db: IDBDatabase;
  try {
    db = await openDb(options.name);
  } catch {
    return { store: memoryStore(), kind: 'memory' };
  }
  // A newer build elsewhere upgrading the database: step aside, as Dexie did, and open again on the next use.
  db.onversionchange = () => db.close();
  return {
    kind: 'indexeddb',
    store: {
      get: async (slot) => {
        const row = await run<StoredKeyRow | undefined>(db, 'readonly', (store) => store.get(slot));
        return row ? rowToPair(row) : undefined;
      },
      put: async (slot, pair) => {
        await run(db, 'readwrite', (store) => store.put({ ...pair, id: slot } satisfies StoredKeyRow));
      },
    },
  };
}
