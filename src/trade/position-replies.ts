import type { HoldSide } from './trade-replies';
import { ReplyShapeError } from '../api/reply-shape';

/** A closed position of `GET /v1/trade/mix/history-position` (paper-trading contract, "Managing positions"). */
export interface ClosedPosition {
  positionId: string;
  symbol: string;
  baseCoin: string;
  holdSide: HoldSide;
  marginMode: 'isolated' | 'crossed';
  leverage: string;
  openAvgPrice: string;
  closeAvgPrice: string;
  openTotalPos: string;
  closeTotalPos: string;
  pnl: string;
  totalFunding: string;
  totalFee: string;
  netProfit: string;
  closeType: 'close' | 'liquidation';
  cTime: string;
  uTime: string;
}

/** What `close-all-positions` answers: the positions closed and those the market refused. */
export interface CloseAllReply {
  closed: number;
  failed: number;
}

const UNSIGNED = /^\d{1,30}(\.\d{1,18})?$/;
const SIGNED = /^-?\d{1,30}(\.\d{1,18})?$/;
const SYMBOL = /^[A-Z0-9]{2,20}$/;
const COIN = /^[A-Z0-9]{1,12}$/;
const DIGITS = /^\d{1,20}$/;

type Row = Record<string, unknown>;

function text(row: Row, key: string, pattern: RegExp, at: string): string {
  const value = typeof row[key] === 'number' ? String(row[key]) : row[key];
  if (typeof value !== 'string' || !pattern.test(value)) throw new ReplyShapeError(`${at}.${key}`);
  return value;
}

function oneOf<T extends string>(row: Row, key: string, allowed: readonly T[], at: string): T {
  const value = row[key];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw new ReplyShapeError(`${at}.${key}`);
  return value as T;
}

/** Reads the closed positions, every figure a plain decimal string. */
export function parseClosedPositions(value: unknown): ClosedPosition[] {
  if (!Array.isArray(value) || value.length > 100) throw new ReplyShapeError('history-position');
  return value.map((item, index) => {
    const at = `history-position[${index}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new ReplyShapeError(at);
    const row = item as Row;
    return {
      positionId: text(row, 'positionId', DIGITS, at),
      symbol: text(row, 'symbol', SYMBOL, at),
      baseCoin: text(row, 'baseCoin', COIN, at),
      holdSide: oneOf(row, 'holdSide', ['long', 'short'] as const, at),
      marginMode: oneOf(row, 'marginMode', ['isolated', 'crossed'] as const, at),
      leverage: text(row, 'leverage', DIGITS, at),
      openAvgPrice: text(row, 'openAvgPrice', UNSIGNED, at),
      closeAvgPrice: text(row, 'closeAvgPrice', UNSIGNED, at),
      openTotalPos: text(row, 'openTotalPos', UNSIGNED, at),
      closeTotalPos: text(row, 'closeTotalPos', UNSIGNED, at),
      pnl: text(row, 'pnl', SIGNED, at),
      totalFunding: text(row, 'totalFunding', SIGNED, at),
      totalFee: text(row, 'totalFee', SIGNED, at),
      netProfit: text(row, 'netProfit', SIGNED, at),
      closeType: oneOf(row, 'closeType', ['close', 'liquidation'] as const, at),
      cTime: text(row, 'cTime', DIGITS, at),
      uTime: text(row, 'uTime', DIGITS, at),
    };
  });
}

/** Reads a close-all answer as counts. */
export function parseCloseAll(value: unknown): CloseAllReply {
  const row = value as { successList?: unknown; failureList?: unknown } | null;
  if (!row || !Array.isArray(row.successList) || !Array.isArray(row.failureList))
    throw new ReplyShapeError('close-all-positions');
  return { closed: row.successList.length, failed: row.failureList.length };
}
