import type { Database } from 'better-sqlite3';
import type { Migration } from '../db/migration';
import { VOLUME_WINDOW_DAYS } from './vip-levels';
import { volumeDayOf } from './vip-volumes';

/**
 * Schema of VIP fees (ids 600–609; append only): the running 30-day volume per account family and day (amounts are
 * bigint strings of 10^-8 USDT) and how each fill was charged (its liquidity and rate).
 */
export const FEE_MIGRATIONS: readonly Migration[] = [
  {
    id: 600,
    name: 'vip-volumes',
    sql: `
      CREATE TABLE fee_volume_days (
        owner_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        spot TEXT NOT NULL,
        futures TEXT NOT NULL,
        PRIMARY KEY (owner_id, day)
      ) WITHOUT ROWID;

      CREATE TABLE fee_fills (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        liquidity TEXT NOT NULL CHECK (liquidity IN ('maker', 'taker')),
        rate TEXT NOT NULL
      );
      CREATE INDEX fee_fills_order ON fee_fills (order_id, at);
    `,
    // Orders filled before this table existed count by their last update's day, so a running gateway keeps its levels.
    after: (db) => backfillVolumes(db, Date.now()),
  },
];

/** Sums the filled USDT-quoted orders of the window into per-family day rows (bigint sums, which SQL cannot do exactly). */
function backfillVolumes(db: Database, now: number): void {
  const firstDay = volumeDayOf(now) - VOLUME_WINDOW_DAYS;
  const rows = db
    .prepare(
      `SELECT o.market, o.quote_volume AS volume, o.u_time AS at,
              CASE WHEN u.parent_id IS NOT NULL AND u.is_demo = 0 THEN u.parent_id ELSE o.user_id END AS owner
         FROM trade_orders o LEFT JOIN users u ON u.id = o.user_id
        WHERE o.quote_volume <> '0' AND o.symbol LIKE '%USDT' AND o.u_time >= ?`,
    )
    .all((firstDay - 1) * 86_400_000) as { market: 'spot' | 'futures'; volume: string; at: number; owner: string }[];
  const days = new Map<string, { owner: string; day: number; spot: bigint; futures: bigint }>();
  for (const row of rows) {
    const day = volumeDayOf(row.at);
    if (day < firstDay) continue;
    const key = `${row.owner}/${day}`;
    const sums = days.get(key) ?? { owner: row.owner, day, spot: 0n, futures: 0n };
    sums[row.market] += BigInt(row.volume);
    days.set(key, sums);
  }
  const insert = db.prepare('INSERT INTO fee_volume_days (owner_id, day, spot, futures) VALUES (?, ?, ?, ?)');
  for (const sums of days.values()) insert.run(sums.owner, sums.day, sums.spot.toString(), sums.futures.toString());
}
