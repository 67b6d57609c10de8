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
}

/** The instruments the gateway simulates: four spot pairs and two USDT-M perpetuals. */
export const DEFAULT_INSTRUMENTS: readonly InstrumentSpec[] = [
  {
    instType: 'SPOT', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT',
    pricePlace: 2, priceEndStep: 1, volumePlace: 6, quotePrecision: 8,
    sizeMultiplier: '0.000001', minTradeNum: '0.000001', minTradeUSDT: '1',
    makerFeeRate: '0.001', takerFeeRate: '0.001',
    startPrice: '68000.00', typicalLevelSize: '0.250000', volatilityBps: 1.2,
  },
  {
    instType: 'SPOT', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT',
    pricePlace: 2, priceEndStep: 1, volumePlace: 4, quotePrecision: 6,
    sizeMultiplier: '0.0001', minTradeNum: '0.0001', minTradeUSDT: '1',
    makerFeeRate: '0.001', takerFeeRate: '0.001',
    startPrice: '3500.00', typicalLevelSize: '3.5000', volatilityBps: 1.6,
  },
  {
    instType: 'SPOT', symbol: 'BGBUSDT', baseCoin: 'BGB', quoteCoin: 'USDT',
    pricePlace: 4, priceEndStep: 1, volumePlace: 4, quotePrecision: 8,
    sizeMultiplier: '0.0001', minTradeNum: '0.0001', minTradeUSDT: '1',
    makerFeeRate: '0.001', takerFeeRate: '0.001',
    startPrice: '4.5200', typicalLevelSize: '800.0000', volatilityBps: 2,
  },
  {
    instType: 'SPOT', symbol: 'USDTBRL', baseCoin: 'USDT', quoteCoin: 'BRL',
    pricePlace: 3, priceEndStep: 1, volumePlace: 2, quotePrecision: 5,
    sizeMultiplier: '0.01', minTradeNum: '0.01', minTradeUSDT: '1',
    makerFeeRate: '0.001', takerFeeRate: '0.001',
    startPrice: '5.480', typicalLevelSize: '2500.00', volatilityBps: 0.3,
  },
  {
    instType: 'USDT-FUTURES', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT',
    pricePlace: 1, priceEndStep: 1, volumePlace: 4, quotePrecision: 8,
    sizeMultiplier: '0.0001', minTradeNum: '0.0001', minTradeUSDT: '5',
    makerFeeRate: '0.0002', takerFeeRate: '0.0006',
    startPrice: '68010.0', typicalLevelSize: '0.8000', volatilityBps: 1.2, maxLever: '125',
  },
  {
    instType: 'USDT-FUTURES', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT',
    pricePlace: 2, priceEndStep: 1, volumePlace: 2, quotePrecision: 6,
    sizeMultiplier: '0.01', minTradeNum: '0.01', minTradeUSDT: '5',
    makerFeeRate: '0.0002', takerFeeRate: '0.0006',
    startPrice: '3501.00', typicalLevelSize: '12.00', volatilityBps: 1.6, maxLever: '100',
  },
];

/** The key that identifies an instrument across product lines, e.g. "SPOT:BTCUSDT". */
export function instrumentKey(instType: InstType, symbol: string): string {
  return `${instType}:${symbol}`;
}
