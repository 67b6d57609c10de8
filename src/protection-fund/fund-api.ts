import { api } from '../security/secured-api';

/** The history ranges the page offers, in days (gateway/protection-fund/protection-fund-api.md). */
export const FUND_RANGES = [30, 90, 180] as const;
export type FundRange = (typeof FUND_RANGES)[number];

/** How many recent payouts the page lists. */
export const PAYOUTS_SHOWN = 20;

/** `GET /v1/public/protection-fund/summary`: decimal strings, `updatedAt` in ms. */
export interface FundSummary {
  balances: { coin: string; balance: string }[];
  updatedAt: string;
  totalPayouts30d: string;
}

/** One day's closing balance: `time` is the day's start (ms, UTC). */
export interface FundPoint {
  time: string;
  balance: string;
}

/** `GET /v1/public/protection-fund/history?days=`. */
export interface FundHistory {
  coin: string;
  days: number;
  points: FundPoint[];
}

/** One payout: what the fund paid when a liquidation's loss went past what the account could lose. */
export interface FundPayout {
  time: string;
  symbol: string;
  holdSide: 'long' | 'short';
  size: string;
  amount: string;
  coin: string;
  /** A masked reference, never the account itself. */
  user: string;
}

/** The fund's balance and 30-day payouts; failures are thrown for the page to show. */
export function fetchFundSummary(): Promise<FundSummary> {
  return api.get<FundSummary>('/public/protection-fund/summary', { silent: true });
}

/** The fund's daily balances over a range. */
export function fetchFundHistory(days: FundRange): Promise<FundHistory> {
  return api.get<FundHistory>('/public/protection-fund/history', { params: { days }, silent: true });
}

/** The latest payouts, newest first. */
export async function fetchFundPayouts(limit = PAYOUTS_SHOWN): Promise<FundPayout[]> {
  return (
    await api.get<{ payouts: FundPayout[] }>('/public/protection-fund/payouts', { params: { limit }, silent: true })
  ).payouts;
}
