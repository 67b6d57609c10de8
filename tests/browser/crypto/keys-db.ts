import Dexie, { type EntityTable } from 'dexie';
import type { StoredKeyRow } from '../../../workers/crypto/key-store';

/**
 * The key database as earlier builds declared it with Dexie (`version(1)`, a `keys` table by `id`): tests read what
 * the worker's plain-IndexedDB store wrote through it, so both layouts are proven to be the same database.
 */
export class KeysDb extends Dexie {
  keys!: EntityTable<StoredKeyRow, 'id'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ keys: 'id' });
  }
}
