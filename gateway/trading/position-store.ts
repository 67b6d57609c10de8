import type { Database } from 'better-sqlite3';
import type { MarginModeName } from './account-store';
import type { HoldSide, TriggerPriceType } from './order-store';

/** Which price a position's TP or SL watches (the exchange's `stopSurplusTriggerType`): the mark or the last trade. */
export type TpslTriggerType = TriggerPriceType;

/** One open futures position; size in instrument units, money in 10^-8 USDT. */
export interface PositionRecord {
  userId: string;
  symbol: string;
  holdSide: HoldSide;
  marginMode: MarginModeName;
  size: bigint;
  /** Sum of price × size of the open part (the entry price is openValue / size). */
  openValue: bigint;
  margin: bigint;
  leverage: number;
  achievedProfits: bigint;
  presetTp: bigint | null;
  presetSl: bigint | null;
  /** The price each preset watches; mark_price unless set otherwise. */
  presetTpType: TpslTriggerType;
  presetSlType: TpslTriggerType;
  /** The size each preset closes when it triggers (instrument units); null closes the whole position. */
  presetTpSize: bigint | null;
  presetSlSize: bigint | null;
  /** Everything opened and closed over the position's life (its history row): sizes, values, fees, funding received. */
  openedSize: bigint;
  openedValue: bigint;
  closedSize: bigint;
  closedValue: bigint;
  /** Trading fees paid on its fills (positive). */
  fees: bigint;
  /** The part of `fees` paid closing it; null on a position partly closed before these were kept. */
  closeFees: bigint | null;
  /** Funding received (negative when paid); also part of `achievedProfits`. */
  funding: bigint;
  /** Set when the position is liquidated, so its history row says so (not stored on the open position). */
  liquidated?: boolean;
  /** The last funding settlement already applied (ms). */
  lastFundingTime: number;
  cTime: number;
  uTime: number;
}

/** Reads and writes open positions; a position closed to zero is deleted and leaves a row in the position history. */
export interface PositionStore {
  get(userId: string, symbol: string, holdSide: HoldSide): PositionRecord | undefined;
  ofUser(userId: string, symbol?: string): PositionRecord[];
  ofSymbol(symbol: string): PositionRecord[];
  /** Saves the position, or deletes it when its size is zero. */
  save(position: PositionRecord): void;
}

interface PositionRow {
  user_id: string;
  symbol: string;
  hold_side: HoldSide;
  margin_mode: MarginModeName;
  size: string;
  open_value: string;
  margin: string;
  leverage: number;
  achieved_profits: string;
  preset_tp: string | null;
  preset_sl: string | null;
  preset_tp_type: TpslTriggerType;
  preset_sl_type: TpslTriggerType;
  preset_tp_size: string | null;
  preset_sl_size: string | null;
  opened_size: string;
  opened_value: string;
  closed_size: string;
  closed_value: string;
  fees: string;
  close_fees: string | null;
  funding: string;
  last_funding_time: number;
  c_time: number;
  u_time: number;
}

function fromRow(row: PositionRow): PositionRecord {
  return {
    userId: row.user_id,
    symbol: row.symbol,
    holdSide: row.hold_side,
    marginMode: row.margin_mode,
    size: BigInt(row.size),
    openValue: BigInt(row.open_value),
    margin: BigInt(row.margin),
    leverage: row.leverage,
    achievedProfits: BigInt(row.achieved_profits),
    presetTp: row.preset_tp === null ? null : BigInt(row.preset_tp),
    presetSl: row.preset_sl === null ? null : BigInt(row.preset_sl),
    presetTpType: row.preset_tp_type,
    presetSlType: row.preset_sl_type,
    presetTpSize: row.preset_tp_size === null ? null : BigInt(row.preset_tp_size),
    presetSlSize: row.preset_sl_size === null ? null : BigInt(row.preset_sl_size),
    openedSize: BigInt(row.opened_size),
    openedValue: BigInt(row.opened_value),
    closedSize: BigInt(row.closed_size),
    closedValue: BigInt(row.closed_value),
    fees: BigInt(row.fees),
    closeFees: row.close_fees === null ? null : BigInt(row.close_fees),
    funding: BigInt(row.funding),
    lastFundingTime: row.last_funding_time,
    cTime: row.c_time,
    uTime: row.u_time,
  };
}

/**
 * Builds the position store over a database migrated with TRADING_MIGRATIONS; `onClosed` gets each position that
 * closes to zero (paper trading writes its history row).
 */
export function createPositionStore(db: Database, onClosed: (position: PositionRecord) => void): PositionStore {
  const get = db.prepare('SELECT * FROM trade_positions WHERE user_id = ? AND symbol = ? AND hold_side = ?');
  const ofUser = db.prepare('SELECT * FROM trade_positions WHERE user_id = ? ORDER BY symbol, hold_side');
  const ofUserSymbol = db.prepare('SELECT * FROM trade_positions WHERE user_id = ? AND symbol = ? ORDER BY hold_side');
  const ofSymbol = db.prepare('SELECT * FROM trade_positions WHERE symbol = ? ORDER BY c_time');
  const upsert = db.prepare(
    `INSERT INTO trade_positions (user_id, symbol, hold_side, margin_mode, size, open_value, margin, leverage, achieved_profits,
       preset_tp, preset_sl, preset_tp_type, preset_sl_type, preset_tp_size, preset_sl_size, opened_size, opened_value,
       closed_size, closed_value, fees, close_fees, funding, last_funding_time, c_time, u_time)
     VALUES (@userId, @symbol, @holdSide, @marginMode, @size, @openValue, @margin, @leverage, @achievedProfits,
       @presetTp, @presetSl, @presetTpType, @presetSlType, @presetTpSize, @presetSlSize, @openedSize, @openedValue,
       @closedSize, @closedValue, @fees, @closeFees, @funding, @lastFundingTime, @cTime, @uTime)
     ON CONFLICT (user_id, symbol, hold_side) DO UPDATE SET margin_mode = excluded.margin_mode, size = excluded.size,
       open_value = excluded.open_value, margin = excluded.margin, leverage = excluded.leverage,
       achieved_profits = excluded.achieved_profits, preset_tp = excluded.preset_tp, preset_sl = excluded.preset_sl,
       preset_tp_type = excluded.preset_tp_type, preset_sl_type = excluded.preset_sl_type,
       preset_tp_size = excluded.preset_tp_size, preset_sl_size = excluded.preset_sl_size,
       opened_size = excluded.opened_size, opened_value = excluded.opened_value, closed_size = excluded.closed_size,
       closed_value = excluded.closed_value, fees = excluded.fees, close_fees = excluded.close_fees,
       funding = excluded.funding,
       last_funding_time = excluded.last_funding_time, u_time = excluded.u_time`,
  );
  const remove = db.prepare('DELETE FROM trade_positions WHERE user_id = ? AND symbol = ? AND hold_side = ?');
  const rows = (list: unknown[]) => (list as PositionRow[]).map(fromRow);
  return {
    get: (userId, symbol, holdSide) => {
      const row = get.get(userId, symbol, holdSide) as PositionRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    ofUser: (userId, symbol) => rows(symbol === undefined ? ofUser.all(userId) : ofUserSymbol.all(userId, symbol)),
    ofSymbol: (symbol) => rows(ofSymbol.all(symbol)),
    save: (p) => {
      if (p.size === 0n) {
        if (remove.run(p.userId, p.symbol, p.holdSide).changes > 0) onClosed(p);
        return;
      }
      const { liquidated: _liquidated, ...stored } = p;
      upsert.run({
        ...stored,
        size: p.size.toString(),
        openValue: p.openValue.toString(),
        margin: p.margin.toString(),
        achievedProfits: p.achievedProfits.toString(),
        presetTp: p.presetTp?.toString() ?? null,
        presetSl: p.presetSl?.toString() ?? null,
        presetTpSize: p.presetTpSize?.toString() ?? null,
        presetSlSize: p.presetSlSize?.toString() ?? null,
        openedSize: p.openedSize.toString(),
        openedValue: p.openedValue.toString(),
        closedSize: p.closedSize.toString(),
        closedValue: p.closedValue.toString(),
        fees: p.fees.toString(),
        closeFees: p.closeFees?.toString() ?? null,
        funding: p.funding.toString(),
      });
    },
  };
}
