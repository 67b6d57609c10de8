import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { LeafBalance } from '../../engine/reserves/merkle-proof';
import { formatMoney } from '../money/money-units';
import type { AccountLiabilities } from './liability-tree';

/** Nonces written per transaction, so a first build over many accounts never holds the write lock for long. */
const NONCE_BATCH = 5_000;

/** A canonical leaf amount of money units: no trailing zeros, no trailing point (`1.5`, `20`, `0.00000001`). */
export function canonicalAmount(units: bigint): string {
  const text = formatMoney(units);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Gives every paper account without a nonce one (16 random bytes, hex), in short transactions; returns how many. */
export function fillNonces(db: Database): number {
  const missing = db
    .prepare(
      `SELECT a.user_id FROM trade_accounts a LEFT JOIN reserves_nonces n ON n.user_id = a.user_id
        WHERE n.user_id IS NULL`,
    )
    .pluck()
    .all() as string[];
  const insert = db.prepare('INSERT OR IGNORE INTO reserves_nonces (user_id, nonce) VALUES (?, ?)');
  const write = db.transaction((ids: string[]) => {
    for (const id of ids) insert.run(id, randomBytes(16).toString('hex'));
  });
  for (let at = 0; at < missing.length; at += NONCE_BATCH) write(missing.slice(at, at + NONCE_BATCH));
  return missing.length;
}

/** A user's nonce, created on first need. */
export function nonceOf(db: Database, userId: string): string {
  db.prepare('INSERT OR IGNORE INTO reserves_nonces (user_id, nonce) VALUES (?, ?)').run(
    userId,
    randomBytes(16).toString('hex'),
  );
  return db.prepare('SELECT nonce FROM reserves_nonces WHERE user_id = ?').pluck().get(userId) as string;
}

/** The user's nonce when one exists (never creates one). */
export function existingNonce(db: Database, userId: string): string | null {
  return (db.prepare('SELECT nonce FROM reserves_nonces WHERE user_id = ?').pluck().get(userId) as string) ?? null;
}

/**
 * Every account's liabilities from the paper ledger, in user id order, with the per-coin totals in money units.
 * A user's liability in a coin is what the ledger owes them: spot available + frozen (orders' holds), plus, for
 * USDT, the futures wallet (which holds position and order margin; unrealized PnL is not in the ledger). A negative
 * futures wallet (a cross loss before liquidation settles it) nets against spot USDT, never below zero. Sub-accounts
 * are accounts of their own; demo accounts (simulation mode) are not liabilities and are left out, as are accounts
 * without a nonce yet (created after `fillNonces`). Accounts with nothing left are left out (no empty leaves).
 */
export function* readLiabilities(db: Database, totals: Map<string, bigint>): Generator<AccountLiabilities> {
  const rows = db
    .prepare(
      `SELECT a.user_id, a.futures_wallet, n.nonce, b.coin, b.available, b.frozen
         FROM trade_accounts a
         JOIN reserves_nonces n ON n.user_id = a.user_id
         LEFT JOIN users u ON u.id = a.user_id
         LEFT JOIN trade_balances b ON b.user_id = a.user_id
        WHERE COALESCE(u.is_demo, 0) = 0
        ORDER BY a.user_id`,
    )
    .raw()
    .iterate() as Iterable<[string, string, string, string | null, string | null, string | null]>;
  type Held = { userId: string; nonce: string; held: Map<string, bigint> };
  let current = null as Held | null;
  const finish = (account: Held): AccountLiabilities | null => {
    const balances: LeafBalance[] = [];
    for (const [coin, units] of account.held) {
      if (units <= 0n) continue;
      balances.push([coin, canonicalAmount(units)]);
      totals.set(coin, (totals.get(coin) ?? 0n) + units);
    }
    return balances.length === 0 ? null : { userId: account.userId, nonce: account.nonce, balances };
  };
  for (const [userId, wallet, nonce, coin, available, frozen] of rows) {
    if (current?.userId !== userId) {
      const done = current && finish(current);
      if (done) yield done;
      current = { userId, nonce, held: new Map([['USDT', BigInt(wallet)]]) };
    }
    if (coin !== null)
      current.held.set(coin, (current.held.get(coin) ?? 0n) + BigInt(available ?? '0') + BigInt(frozen ?? '0'));
  }
  const last = current && finish(current);
  if (last) yield last;
}
