import type { InstType } from './instruments';

/** A book level as the public API sends it: [price, size], both decimal strings of the instrument precision; in an update, size exactly "0" deletes the level. */
export type BookLevel = [price: string, size: string];

/** A ticker in the public v2 field names; every number is a decimal string. */
export interface TickerSnapshot {
  symbol: string;
  lastPr: string;
  open24h: string;
  high24h: string;
  low24h: string;
  openUtc: string;
  change24h: string;
  changeUtc24h: string;
  baseVolume: string;
  quoteVolume: string;
  usdtVolume: string;
  bidPr: string;
  askPr: string;
  bidSz: string;
  askSz: string;
  ts: string;
  /** Futures only. */
  indexPrice?: string;
  markPrice?: string;
  fundingRate?: string;
  /** Futures only: the next funding settlement, ms since the epoch. */
  nextFundingTime?: string;
  holdingAmount?: string;
}

/** One public trade in the public v2 field names. */
export interface TradeTick {
  ts: string;
  price: string;
  size: string;
  side: 'buy' | 'sell';
  tradeId: string;
}

/** A full or partial book: `seq` is the number of the last update applied. */
export interface BookSnapshot {
  seq: number;
  ts: number;
  bids: BookLevel[];
  asks: BookLevel[];
}

/** Fields every market event carries. */
interface EventBase {
  instType: InstType;
  symbol: string;
  ts: number;
}

/** What the simulator emits after each step, per instrument: book changes, trades and a fresh ticker. */
export type MarketEvent =
  | (EventBase & { type: 'book'; seq: number; bids: BookLevel[]; asks: BookLevel[] })
  | (EventBase & { type: 'trades'; trades: TradeTick[] })
  | (EventBase & { type: 'ticker'; ticker: TickerSnapshot });

/** A subscriber to market events. */
export type MarketListener = (event: MarketEvent) => void;
