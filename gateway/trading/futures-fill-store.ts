import type { Database } from 'better-sqlite3';

/** One USDT-M fill: size in instrument units, value, fees and PnL in money units (10^-8). */
export interface FuturesFillRecord {
  /** The exchange's `tradeId`: increasing over every user's fills. */
  fillId: string;
  orderId: string;
  userId: string;
  symbol: string;
  size: bigint;
  value: bigint;
  /** The fee paid (positive), and the part of it paid for what closed a position. */
  fee: bigint;
  closeFee: bigint;
  /** Realized PnL of what it closed (the liquidation loss for a liquidation). */
  profit: bigint;
  /** Whether it made or took liquidity; null for a fill kept from an order's totals, before fills were kept one by one. */
  liquidity: 'maker' | 'taker' | null;
  at: number;
}

/** The filters of a page of one user's fills, newest first; all optional but `limit`. */
export interface FuturesFillPage {
  symbol?: string;
  orderId?: string;
  /** Fills older than this `tradeId` (the exchange's `idLessThan`, the `endId` of the page before). */
  idLessThan?: string;
  /** Inclusive bounds on when the fill happened (ms). */
  startTime?: number;
  endTime?: number;
  limit: number;
}

interface FillRow {
  fill_id: number;
  order_id: string;
  user_id: string;
  symbol: string;
  size: string;
  value: string;
  fee: string;
  close_fee: string;
  profit: string;
  liquidity: 'maker' | 'taker' | null;
  at: number;
}

function recordOf(row: FillRow): FuturesFillRecord {
  return {
    fillId: String(row.fill_id),
    orderId: row.order_id,
    userId: row.user_id,
    symbol: row.symbol,
    size: BigInt(row.size),
    value: BigInt(row.value),
    fee: BigInt(row.fee),
    closeFee: BigInt(row.close_fee),
    profit: BigInt(row.profit),
    liquidity: row.liquidity,
    at: row.at,
  };
}

/** Writes each USDT-M fill as it happens, and reads a user's fills: after a cursor (the `fill` channel) or by page. */
export function createFuturesFillStore(db: Database) {
  const insert = db.prepare(
    `INSERT INTO futures_fills (order_id, user_id, symbol, size, value, fee, close_fee, profit, liquidity, at)
     VALUES (@orderId, @userId, @symbol, @size, @value, @fee, @closeFee, @profit, @liquidity, @at)`,
  );
  const after = db.prepare('SELECT * FROM futures_fills WHERE user_id = ? AND fill_id > ? ORDER BY fill_id LIMIT ?');
  const last = db.prepare('SELECT MAX(fill_id) FROM futures_fills WHERE user_id = ?').pluck();
  const ofOrder = db.prepare('SELECT * FROM futures_fills WHERE order_id = ? ORDER BY fill_id');
  const paged = db.prepare(
    `SELECT * FROM futures_fills WHERE user_id = @user AND (@symbol IS NULL OR symbol = @symbol)
       AND (@order IS NULL OR order_id = @order) AND (@before IS NULL OR fill_id < @before)
       AND (@from IS NULL OR at >= @from) AND (@to IS NULL OR at <= @to)
     ORDER BY fill_id DESC LIMIT @take`,
  );
  return {
    /** Keeps a fill that has just happened; answers its id. */
    record(fill: Omit<FuturesFillRecord, 'fillId'>): string {
      const { lastInsertRowid } = insert.run({
        ...fill,
        size: fill.size.toString(),
        value: fill.value.toString(),
        fee: fill.fee.toString(),
        closeFee: fill.closeFee.toString(),
        profit: fill.profit.toString(),
      });
      return String(lastInsertRowid);
    },
    /** The user's fills after `fillId` (0: from the first), oldest first, at most `limit`. */
    after(userId: string, fillId: number, limit: number): FuturesFillRecord[] {
      return (after.all(userId, fillId, limit) as FillRow[]).map(recordOf);
    },
    /** The id of the user's newest fill, 0 when none. */
    lastId(userId: string): number {
      return (last.get(userId) as number | null) ?? 0;
    },
    /** One order's fills, oldest first. */
    ofOrder(orderId: string): FuturesFillRecord[] {
      return (ofOrder.all(orderId) as FillRow[]).map(recordOf);
    },
    /** One page of the user's fills, newest first (see {@link FuturesFillPage}). */
    page(userId: string, query: FuturesFillPage): FuturesFillRecord[] {
      const rows = paged.all({
        user: userId,
        symbol: query.symbol ?? null,
        order: query.orderId ?? null,
        before: query.idLessThan === undefined ? null : BigInt(query.idLessThan),
        from: query.startTime ?? null,
        to: query.endTime ?? null,
        take: query.limit,
      }) as FillRow[];
      return rows.map(recordOf);
    },
  };
}

/** The USDT-M fill store. */
export type FuturesFillStore = ReturnType<typeof createFuturesFillStore>;
