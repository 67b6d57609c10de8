import { createHash, randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { divCeil, formatMoney, formatUnits } from '../money/money-units';

/** One coin's line of the summary: reserves and liabilities (decimal strings, 8 places) and their ratio in percent (2 places). */
export interface CoinReserves {
  coin: string;
  reserves: string;
  liabilities: string;
  ratio: string;
}

/** Coins whose simulated reserves never fall below their liabilities, whatever the drift. */
export const MAIN_COINS: ReadonlySet<string> = new Set(['USDT', 'BTC', 'ETH', 'USDC']);
/** Seeded reserves are 100 % to 130 % of liabilities (basis points). */
const BASIS_MIN_BP = 10_000;
const BASIS_MAX_BP = 13_000;
/** The day's drift moves the basis by at most this many basis points either way. */
const DRIFT_BP = 400;
const DAY_MS = 86_400_000;

/** The day's drift of a coin in basis points, the same all day (a hash of coin and day, so it needs no storage). */
export function driftBp(coin: string, now: number): number {
  const digest = createHash('sha256')
    .update(`reserves-drift:${coin}:${Math.floor(now / DAY_MS)}`)
    .digest();
  return (digest.readUInt32BE(0) % (2 * DRIFT_BP + 1)) - DRIFT_BP;
}

/** Reserves / liabilities in percent with 2 decimals ("104.21"), rounded down so it never reads better than it is. */
export function ratioOf(reserves: bigint, liabilities: bigint): string {
  if (liabilities <= 0n) return '0.00';
  return formatUnits((reserves * 10_000n) / liabilities, 2);
}

/**
 * The exchange's simulated holdings per coin against the liabilities of a build (money units): each coin gets a
 * basis of 100–130 % the first time it is seen (stored), moved by the day's drift; a main coin is floored at 100 %.
 */
export function reservesFor(db: Database, liabilities: ReadonlyMap<string, bigint>, now: number): CoinReserves[] {
  const read = db.prepare('SELECT basis_bp FROM reserves_wallets WHERE coin = ?').pluck();
  const seed = db.prepare('INSERT OR IGNORE INTO reserves_wallets (coin, basis_bp, seeded_at) VALUES (?, ?, ?)');
  const lines: CoinReserves[] = [];
  for (const coin of [...liabilities.keys()].sort()) {
    const owed = liabilities.get(coin)!;
    if (owed <= 0n) continue;
    seed.run(coin, randomInt(BASIS_MIN_BP, BASIS_MAX_BP + 1), now);
    const basis = read.get(coin) as number;
    let bp = basis + driftBp(coin, now);
    if (MAIN_COINS.has(coin) && bp < BASIS_MIN_BP) bp = BASIS_MIN_BP;
    const held = divCeil(owed * BigInt(bp), 10_000n);
    lines.push({ coin, reserves: formatMoney(held), liabilities: formatMoney(owed), ratio: ratioOf(held, owed) });
  }
  return lines;
}
