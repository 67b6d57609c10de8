import type { Database } from 'better-sqlite3';
import type { InstrumentSpec } from '../market/instruments';
import { averagePrice, formatMoney, formatUnits } from '../money/money-units';
import type { HoldSide } from './order-store';
import type { PositionRecord } from './position-store';

/** A closed position: what it opened and closed over its life, its realized PnL, funding and fees (money units). */
export interface PositionHistoryRecord {
  positionId: string;
  symbol: string;
  holdSide: HoldSide;
  marginMode: string;
  leverage: number;
  openedSize: bigint;
  openedValue: bigint;
  closedSize: bigint;
  closedValue: bigint;
  /** Realized PnL of the closes (or the liquidation loss), without funding and fees. */
  pnl: bigint;
  /** Funding received (negative when paid). */
  funding: bigint;
  /** Trading fees paid (positive). */
  fees: bigint;
  /** The part of `fees` paid closing it; null on a position partly closed before these were kept. */
  closeFees: bigint | null;
  liquidated: boolean;
  cTime: number;
  uTime: number;
}

interface HistoryRow {
  seq: number;
  symbol: string;
  hold_side: HoldSide;
  margin_mode: string;
  leverage: number;
  opened_size: string;
  opened_value: string;
  closed_size: string;
  closed_value: string;
  pnl: string;
  funding: string;
  fees: string;
  close_fees: string | null;
  liquidated: number;
  c_time: number;
  u_time: number;
}

/** The filters of one page of a user's closed positions (the v2 `history-position` paging); all optional but `limit`. */
export interface PositionHistoryPage {
  symbol?: string;
  /** Rows older than this `positionId` (the exchange's `idLessThan`, the `endId` of the page before). */
  idLessThan?: string;
  /** Inclusive bounds on the time the position closed (ms). */
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** A stored history row as a record. */
function recordOf(row: HistoryRow): PositionHistoryRecord {
  return {
    positionId: String(row.seq),
    symbol: row.symbol,
    holdSide: row.hold_side,
    marginMode: row.margin_mode,
    leverage: row.leverage,
    openedSize: BigInt(row.opened_size),
    openedValue: BigInt(row.opened_value),
    closedSize: BigInt(row.closed_size),
    closedValue: BigInt(row.closed_value),
    pnl: BigInt(row.pnl),
    funding: BigInt(row.funding),
    fees: BigInt(row.fees),
    closeFees: row.close_fees === null ? null : BigInt(row.close_fees),
    liquidated: row.liquidated === 1,
    cTime: row.c_time,
    uTime: row.u_time,
  };
}

/**
 * The fees a closed position paid opening and closing it (positive): exact where the position kept its closing fees,
 * else (closed partly before they were kept) its one total shared by the value each side traded.
 */
export function openCloseFees(row: PositionHistoryRecord): { open: bigint; close: bigint } {
  const traded = row.openedValue + row.closedValue;
  const close = row.closeFees ?? (traded === 0n ? 0n : (row.fees * row.closedValue) / traded);
  return { open: row.fees - close, close };
}

/** Writes a closed position's history row, and reads a user's closed positions newest first. */
export function createPositionHistory(db: Database) {
  const insert = db.prepare(
    `INSERT INTO trade_position_history (user_id, symbol, hold_side, margin_mode, leverage, opened_size, opened_value,
       closed_size, closed_value, pnl, funding, fees, close_fees, liquidated, c_time, u_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const all = db.prepare('SELECT * FROM trade_position_history WHERE user_id = ? ORDER BY seq DESC LIMIT ?');
  const ofSymbol = db.prepare(
    'SELECT * FROM trade_position_history WHERE user_id = ? AND symbol = ? ORDER BY seq DESC LIMIT ?',
  );
  const paged = db.prepare(
    `SELECT * FROM trade_position_history WHERE user_id = @user AND (@symbol IS NULL OR symbol = @symbol)
       AND (@before IS NULL OR seq < @before) AND (@from IS NULL OR u_time >= @from) AND (@to IS NULL OR u_time <= @to)
     ORDER BY seq DESC LIMIT @take`,
  );
  return {
    /** Records a position that has just closed to zero (its achieved profits hold both PnL and funding). */
    record(p: PositionRecord): void {
      insert.run(
        p.userId,
        p.symbol,
        p.holdSide,
        p.marginMode,
        p.leverage,
        p.openedSize.toString(),
        p.openedValue.toString(),
        p.closedSize.toString(),
        p.closedValue.toString(),
        (p.achievedProfits - p.funding).toString(),
        p.funding.toString(),
        p.fees.toString(),
        p.closeFees?.toString() ?? null,
        p.liquidated ? 1 : 0,
        p.cTime,
        p.uTime,
      );
    },
    ofUser(userId: string, symbol: string | undefined, limit: number): PositionHistoryRecord[] {
      const rows = (
        symbol === undefined ? all.all(userId, limit) : ofSymbol.all(userId, symbol, limit)
      ) as HistoryRow[];
      return rows.map(recordOf);
    },
    /** One page of the user's closed positions, newest first (see {@link PositionHistoryPage}). */
    page(userId: string, query: PositionHistoryPage): PositionHistoryRecord[] {
      const rows = paged.all({
        user: userId,
        symbol: query.symbol ?? null,
        before: query.idLessThan === undefined ? null : BigInt(query.idLessThan),
        from: query.startTime ?? null,
        to: query.endTime ?? null,
        take: query.limit,
      }) as HistoryRow[];
      return rows.map(recordOf);
    },
  };
}

/** A closed position in the contract's shape (`GET /v1/trade/mix/history-position`). */
export function positionHistoryView(spec: InstrumentSpec, row: PositionHistoryRecord) {
  const places = spec.quotePrecision;
  return {
    positionId: row.positionId,
    symbol: row.symbol,
    baseCoin: spec.baseCoin,
    marginCoin: 'USDT',
    holdSide: row.holdSide,
    marginMode: row.marginMode,
    leverage: String(row.leverage),
    openAvgPrice: averagePrice(spec, row.openedValue, row.openedSize, spec.pricePlace),
    closeAvgPrice: averagePrice(spec, row.closedValue, row.closedSize, spec.pricePlace),
    openTotalPos: formatUnits(row.openedSize, spec.volumePlace),
    closeTotalPos: formatUnits(row.closedSize, spec.volumePlace),
    pnl: formatMoney(row.pnl, places),
    totalFunding: formatMoney(row.funding, places),
    totalFee: formatMoney(row.fees, places),
    netProfit: formatMoney(row.pnl + row.funding - row.fees, places),
    closeType: row.liquidated ? 'liquidation' : 'close',
    pricePlace: spec.pricePlace,
    volumePlace: spec.volumePlace,
    cTime: String(row.cTime),
    uTime: String(row.uTime),
  };
}
