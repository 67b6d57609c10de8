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

/** What sets a minor perpetual apart; the rest it shares with the others (see {@link minorPerpetual}). */
interface MinorPerpetual {
  symbol: string;
  baseCoin: string;
  pricePlace: number;
  volumePlace: number;
  /** Size step, and the smallest order. */
  lot: string;
  startPrice: string;
  typicalLevelSize: string;
  volatilityBps: number;
  maxLever: string;
}

/**
 * A minor USDT-M perpetual: a tick of one unit in its last price place, 6 quote decimals, 5 USDT minimum order value,
 * the major perpetuals' fee rates, and a book that churns at a quarter of the pace.
 */
function minorPerpetual(spec: MinorPerpetual): InstrumentSpec {
  // In the order of the other entries, so every reply built from a spec reads the same.
  return {
    instType: 'USDT-FUTURES',
    symbol: spec.symbol,
    baseCoin: spec.baseCoin,
    quoteCoin: 'USDT',
    pricePlace: spec.pricePlace,
    priceEndStep: 1,
    volumePlace: spec.volumePlace,
    quotePrecision: 6,
    sizeMultiplier: spec.lot,
    minTradeNum: spec.lot,
    minTradeUSDT: '5',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    startPrice: spec.startPrice,
    typicalLevelSize: spec.typicalLevelSize,
    volatilityBps: spec.volatilityBps,
    maxLever: spec.maxLever,
    bookActivity: 0.25,
  };
}

/**
 * The instruments the gateway simulates: four spot pairs and ten USDT-M perpetuals. The eight minor perpetuals churn
 * their books at a quarter of the pace, so hedge mode can hold 20 positions without loading the gateway much more.
 */
export const DEFAULT_INSTRUMENTS: readonly InstrumentSpec[] = [
  {
    instType: 'SPOT',
    symbol: 'BTCUSDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    pricePlace: 2,
    priceEndStep: 1,
    volumePlace: 6,
    quotePrecision: 8,
    sizeMultiplier: '0.000001',
    minTradeNum: '0.000001',
    minTradeUSDT: '1',
    makerFeeRate: '0.001',
    takerFeeRate: '0.001',
    startPrice: '68000.00',
    typicalLevelSize: '0.250000',
    volatilityBps: 1.2,
  },
  {
    instType: 'SPOT',
    symbol: 'ETHUSDT',
    baseCoin: 'ETH',
    quoteCoin: 'USDT',
    pricePlace: 2,
    priceEndStep: 1,
    volumePlace: 4,
    quotePrecision: 6,
    sizeMultiplier: '0.0001',
    minTradeNum: '0.0001',
    minTradeUSDT: '1',
    makerFeeRate: '0.001',
    takerFeeRate: '0.001',
    startPrice: '3500.00',
    typicalLevelSize: '3.5000',
    volatilityBps: 1.6,
  },
  {
    instType: 'SPOT',
    symbol: 'BGBUSDT',
    baseCoin: 'BGB',
    quoteCoin: 'USDT',
    pricePlace: 4,
    priceEndStep: 1,
    volumePlace: 4,
    quotePrecision: 8,
    sizeMultiplier: '0.0001',
    minTradeNum: '0.0001',
    minTradeUSDT: '1',
    makerFeeRate: '0.001',
    takerFeeRate: '0.001',
    startPrice: '4.5200',
    typicalLevelSize: '800.0000',
    volatilityBps: 2,
  },
  {
    instType: 'SPOT',
    symbol: 'USDTBRL',
    baseCoin: 'USDT',
    quoteCoin: 'BRL',
    pricePlace: 3,
    priceEndStep: 1,
    volumePlace: 2,
    quotePrecision: 5,
    sizeMultiplier: '0.01',
    minTradeNum: '0.01',
    minTradeUSDT: '1',
    makerFeeRate: '0.001',
    takerFeeRate: '0.001',
    startPrice: '5.480',
    typicalLevelSize: '2500.00',
    volatilityBps: 0.3,
  },
  {
    instType: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    pricePlace: 1,
    priceEndStep: 1,
    volumePlace: 4,
    quotePrecision: 8,
    sizeMultiplier: '0.0001',
    minTradeNum: '0.0001',
    minTradeUSDT: '5',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    startPrice: '68010.0',
    typicalLevelSize: '0.8000',
    volatilityBps: 1.2,
    maxLever: '125',
  },
  {
    instType: 'USDT-FUTURES',
    symbol: 'ETHUSDT',
    baseCoin: 'ETH',
    quoteCoin: 'USDT',
    pricePlace: 2,
    priceEndStep: 1,
    volumePlace: 2,
    quotePrecision: 6,
    sizeMultiplier: '0.01',
    minTradeNum: '0.01',
    minTradeUSDT: '5',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    startPrice: '3501.00',
    typicalLevelSize: '12.00',
    volatilityBps: 1.6,
    maxLever: '100',
  },
  minorPerpetual({
    symbol: 'SOLUSDT',
    baseCoin: 'SOL',
    pricePlace: 2,
    volumePlace: 1,
    lot: '0.1',
    startPrice: '135.00',
    typicalLevelSize: '310.0',
    volatilityBps: 2.2,
    maxLever: '75',
  }),
  minorPerpetual({
    symbol: 'XRPUSDT',
    baseCoin: 'XRP',
    pricePlace: 4,
    volumePlace: 0,
    lot: '1',
    startPrice: '2.0500',
    typicalLevelSize: '20000',
    volatilityBps: 2.4,
    maxLever: '75',
  }),
  minorPerpetual({
    symbol: 'DOGEUSDT',
    baseCoin: 'DOGE',
    pricePlace: 5,
    volumePlace: 0,
    lot: '1',
    startPrice: '0.14200',
    typicalLevelSize: '300000',
    volatilityBps: 3,
    maxLever: '75',
  }),
  minorPerpetual({
    symbol: 'BNBUSDT',
    baseCoin: 'BNB',
    pricePlace: 2,
    volumePlace: 2,
    lot: '0.01',
    startPrice: '880.00',
    typicalLevelSize: '48.00',
    volatilityBps: 1.8,
    maxLever: '75',
  }),
  minorPerpetual({
    symbol: 'ADAUSDT',
    baseCoin: 'ADA',
    pricePlace: 4,
    volumePlace: 0,
    lot: '1',
    startPrice: '0.4200',
    typicalLevelSize: '100000',
    volatilityBps: 2.6,
    maxLever: '50',
  }),
  minorPerpetual({
    symbol: 'LTCUSDT',
    baseCoin: 'LTC',
    pricePlace: 2,
    volumePlace: 1,
    lot: '0.1',
    startPrice: '82.00',
    typicalLevelSize: '510.0',
    volatilityBps: 2,
    maxLever: '50',
  }),
  minorPerpetual({
    symbol: 'LINKUSDT',
    baseCoin: 'LINK',
    pricePlace: 3,
    volumePlace: 1,
    lot: '0.1',
    startPrice: '13.500',
    typicalLevelSize: '3100.0',
    volatilityBps: 2.4,
    maxLever: '50',
  }),
  minorPerpetual({
    symbol: 'AVAXUSDT',
    baseCoin: 'AVAX',
    pricePlace: 3,
    volumePlace: 1,
    lot: '0.1',
    startPrice: '13.400',
    typicalLevelSize: '3100.0',
    volatilityBps: 2.6,
    maxLever: '50',
  }),
];

/** The key that identifies an instrument across product lines, e.g. "SPOT:BTCUSDT". */
export function instrumentKey(instType: InstType, symbol: string): string {
  return `${instType}:${symbol}`;
}
