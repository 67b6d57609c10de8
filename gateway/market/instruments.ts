/** The product line an instrument belongs to, as the public v2 API names it. */
export type InstType = 'SPOT' | 'USDT-FUTURES';

/** Static facts about one tradable instrument (market-data contract, "Simulator"). */
export interface InstrumentSpec {
  instType: InstType;
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  /** Decimal places of a price. */
  pricePlace: number;
  /** Tick size in units of the last price decimal (tick = priceEndStep × 10^-pricePlace). */
  priceEndStep: number;
  /** Decimal places of a quantity. */
  volumePlace: number;
  /** Decimal places of quote amounts (spot `quotePrecision`). */
  quotePrecision: number;
  /** Smallest order quantity step (lot), as a decimal string of volumePlace decimals. */
  sizeMultiplier: string;
  /** Smallest order quantity, base coin. */
  minTradeNum: string;
  /** Smallest order value in USDT. */
  minTradeUSDT: string;
  makerFeeRate: string;
  takerFeeRate: string;
  /** Price the simulator starts from (24 h before start-up). */
  startPrice: string;
  /** A typical resting size of one book level, base coin. */
  typicalLevelSize: string;
  /** Random-walk volatility in basis points per square root of a second. */
  volatilityBps: number;
  /** Highest leverage (futures only). */
  maxLever?: string;
  /**
   * How busy the book is: the share of the simulator's `levelChangesPerStep` this instrument makes each step
   * (default 1; rounded, at least 1 while the simulator makes any). Lets minor markets churn less, so adding them
   * costs the gateway and the stream little.
   */
  bookActivity?: number;
}

/** The key that identifies an instrument across product lines, e.g. "SPOT:BTCUSDT". */
export function instrumentKey(instType: InstType, symbol: string): string {
  return `${instType}:${symbol}`;
}
