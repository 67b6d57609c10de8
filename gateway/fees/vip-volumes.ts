import type { Database, Statement } from 'better-sqlite3';
import { type FeeMarket, VOLUME_WINDOW_DAYS, vipLevelOf } from './vip-levels';

/** Who a fill was: the taker took the order book's liquidity, the maker's resting order was hit. */
export type FillLiquidity = 'maker' | 'taker';

/** One fill as it counts toward a VIP level. */
export interface VolumeFill {
  userId: string;
  orderId: string;
  market: FeeMarket;
  /** The fill's USDT value in money units: a spot fill's quote value, a futures fill's notional. */
  volume: bigint;
  liquidity: FillLiquidity;
  /** The rate the fill was charged (decimal fraction). */
  rate: string;
  at: number;
}

/** Both markets' 30-day volumes in money units. */
export type MarketVolumes = Record<FeeMarket, bigint>;

const DAY_MS = 86_400_000;
/** Days are counted from 00:00 UTC+8, when the exchange recomputes its 30-day volumes. */
const DAY_OFFSET_MS = 8 * 3_600_000;

/** The UTC+8 day number of a time (ms). */
export function volumeDayOf(at: number): number {
  return Math.floor((at + DAY_OFFSET_MS) / DAY_MS);
}

/**
 * The 30-day trading volumes behind VIP levels, kept as one running figure per account family and day
 * (`fee_volume_days`), so a level costs at most 31 short rows to read however many fills there were. The window is
 * today (UTC+8) and the 30 whole days before it: a fill counts for at least 30 days and drops out at the first
 * 00:00 UTC+8 after it is 30 days old (a fill 31 days old never counts). Sub-accounts trade under their main account's
 * volume and level, as on the exchange; a demo account (simulation mode) has its own, apart from the real one.
 * Everything is read and written in the caller's transaction, so a rolled-back fill leaves no volume behind.
 */
export class VipVolumes {
  private readonly owners = new Map<string, string>();
  private readonly ownerQuery: Statement;
  private readonly dayQuery: Statement;
  private readonly dayUpsert: Statement;
  private readonly fillInsert: Statement;
  private readonly windowQuery: Statement;
  private readonly liquidityAtQuery: Statement;
  private readonly liquidityQuery: Statement;

  constructor(db: Database) {
    this.ownerQuery = db.prepare('SELECT parent_id AS parentId, is_demo AS isDemo FROM users WHERE id = ?');
    this.dayQuery = db.prepare('SELECT spot, futures FROM fee_volume_days WHERE owner_id = ? AND day = ?');
    this.dayUpsert = db.prepare(
      `INSERT INTO fee_volume_days (owner_id, day, spot, futures) VALUES (@owner, @day, @spot, @futures)
       ON CONFLICT (owner_id, day) DO UPDATE SET spot = excluded.spot, futures = excluded.futures`,
    );
    this.fillInsert = db.prepare(
      'INSERT INTO fee_fills (order_id, user_id, at, liquidity, rate) VALUES (@orderId, @userId, @at, @liquidity, @rate)',
    );
    this.windowQuery = db.prepare('SELECT spot, futures FROM fee_volume_days WHERE owner_id = ? AND day >= ?');
    this.liquidityAtQuery = db.prepare('SELECT liquidity FROM fee_fills WHERE order_id = ? AND at = ? LIMIT 1');
    this.liquidityQuery = db.prepare(
      "SELECT liquidity FROM fee_fills WHERE order_id = ? ORDER BY liquidity = 'taker' DESC LIMIT 1",
    );
  }

  /** The account whose volume a user's fills count toward: the main account of a sub-account, else the user. */
  ownerOf(userId: string): string {
    let owner = this.owners.get(userId);
    if (owner === undefined) {
      const row = this.ownerQuery.get(userId) as { parentId: string | null; isDemo: number } | undefined;
      owner = row && row.parentId !== null && row.isDemo === 0 ? row.parentId : userId;
      // A user's family never changes once made, so the answer is kept for the process.
      this.owners.set(userId, owner);
    }
    return owner;
  }

  /** Adds a fill to its family's volume of the fill's day and remembers how it was charged. */
  record(fill: VolumeFill): void {
    const owner = this.ownerOf(fill.userId);
    const day = volumeDayOf(fill.at);
    const row = this.dayQuery.get(owner, day) as { spot: string; futures: string } | undefined;
    const spot = BigInt(row?.spot ?? '0') + (fill.market === 'spot' ? fill.volume : 0n);
    const futures = BigInt(row?.futures ?? '0') + (fill.market === 'futures' ? fill.volume : 0n);
    this.dayUpsert.run({ owner, day, spot: spot.toString(), futures: futures.toString() });
    this.fillInsert.run({
      orderId: fill.orderId,
      userId: fill.userId,
      at: fill.at,
      liquidity: fill.liquidity,
      rate: fill.rate,
    });
  }

  /** The user's family's volumes over the window ending at `now`. */
  volumes(userId: string, now: number): MarketVolumes {
    const rows = this.windowQuery.all(this.ownerOf(userId), volumeDayOf(now) - VOLUME_WINDOW_DAYS) as {
      spot: string;
      futures: string;
    }[];
    const sums: MarketVolumes = { spot: 0n, futures: 0n };
    for (const row of rows) {
      sums.spot += BigInt(row.spot);
      sums.futures += BigInt(row.futures);
    }
    return sums;
  }

  /** The user's VIP level at `now`. */
  levelOf(userId: string, now: number): number {
    return vipLevelOf(this.volumes(userId, now));
  }

  /**
   * How an order's fills were charged: the fill made at `at` when given, else taker when any of its fills took
   * liquidity; undefined for fills made before fills were recorded.
   */
  liquidityOf(orderId: string, at?: number): FillLiquidity | undefined {
    const row = (at === undefined ? this.liquidityQuery.get(orderId) : this.liquidityAtQuery.get(orderId, at)) as
      | { liquidity: FillLiquidity }
      | undefined;
    return row?.liquidity;
  }
}

const books = new WeakMap<Database, VipVolumes>();

/** The one volume book of a database (statements prepared once; the family cache shared by matching and routes). */
export function vipVolumesOf(db: Database): VipVolumes {
  let book = books.get(db);
  if (!book) {
    book = new VipVolumes(db);
    books.set(db, book);
  }
  return book;
}
