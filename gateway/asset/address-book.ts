import type { Database, Statement } from 'better-sqlite3';
import { addressAlreadySaved, addressBookFull, addressNotFound } from '../trading/trade-errors';
import { addressKey } from '../market/coin-networks';

/** Most entries one user's address book holds (assets contract, "Withdraw"). */
export const ADDRESS_BOOK_MAX = 50;

/** A checked address to save: the address is well formed on the chain, the memo given where the chain needs one. */
export interface NewAddress {
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
  label: string;
}

/** A saved withdrawal address. */
export interface SavedAddress extends NewAddress {
  id: string;
  cTime: number;
}

interface AddressRow {
  id: number;
  coin: string;
  chain: string;
  address: string;
  memo: string;
  label: string;
  c_time: number;
}

const toSaved = (row: AddressRow): SavedAddress => ({
  id: String(row.id),
  coin: row.coin,
  chain: row.chain,
  address: row.address,
  memo: row.memo === '' ? null : row.memo,
  label: row.label,
  cTime: row.c_time,
});

/**
 * The withdrawal address book (`settings/address`): each user's own entries only. Every statement names the user, so
 * an id of another user's entry reads, and deletes, as one that does not exist.
 */
export class AddressBook {
  private readonly list: Statement;
  private readonly listCoin: Statement;
  private readonly count: Statement;
  private readonly insert: Statement;
  private readonly remove: Statement;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    const columns = 'id, coin, chain, address, memo, label, c_time';
    this.list = db.prepare(`SELECT ${columns} FROM asset_address_book WHERE user_id = ? ORDER BY id DESC`);
    this.listCoin = db.prepare(
      `SELECT ${columns} FROM asset_address_book WHERE user_id = ? AND coin = ? ORDER BY id DESC`,
    );
    this.count = db.prepare('SELECT COUNT(*) FROM asset_address_book WHERE user_id = ?').pluck();
    this.insert = db.prepare(
      `INSERT INTO asset_address_book (user_id, coin, chain, address, address_key, memo, label, c_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING ${columns}`,
    );
    this.remove = db.prepare('DELETE FROM asset_address_book WHERE id = ? AND user_id = ?');
  }

  /** The user's entries, newest first, optionally of one coin. */
  entries(userId: string, coin?: string): SavedAddress[] {
    const rows = coin === undefined ? this.list.all(userId) : this.listCoin.all(userId, coin);
    return (rows as AddressRow[]).map(toSaved);
  }

  /** Saves an entry: 43016 when the book is full, 43017 when the same coin, chain, address and memo is in it. */
  add(userId: string, entry: NewAddress): SavedAddress {
    return this.db.transaction((): SavedAddress => {
      if ((this.count.get(userId) as number) >= ADDRESS_BOOK_MAX) throw addressBookFull(ADDRESS_BOOK_MAX);
      const row = this.insert.get(
        userId,
        entry.coin,
        entry.chain,
        entry.address,
        addressKey(entry.chain, entry.address),
        entry.memo ?? '',
        entry.label,
        this.now(),
      ) as AddressRow | undefined;
      if (!row) throw addressAlreadySaved();
      return toSaved(row);
    })();
  }

  /** Deletes one of the user's own entries; 43018 for any other id. */
  delete(userId: string, id: number): void {
    if (this.remove.run(id, userId).changes !== 1) throw addressNotFound();
  }
}
