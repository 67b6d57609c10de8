/** The two product lines a VIP level sets rates for. */
export type FeeMarket = 'spot' | 'futures';

/** Maker and taker rates as decimal fractions ("0.001" is 0.1 %). */
export interface FeeRates {
  maker: string;
  taker: string;
}

/** One market's side of a VIP level: the 30-day volume (USDT) that reaches it, and its rates. */
export interface VipMarketTerms extends FeeRates {
  /** 30-day volume in USDT, a decimal string; reaching it (≥) gives the level. */
  volume: string;
}

/** One VIP level of the schedule, as `GET /v1/public/vip/levels` sends it (gateway/fees/vip-api.md). */
export interface VipLevel {
  level: number;
  spot: VipMarketTerms;
  futures: VipMarketTerms;
}
