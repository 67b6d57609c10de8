import type { InstrumentSpec } from './instruments';

/** One side of a minor market: its places, lot (size step and smallest order) and a typical book level, base coin. */
interface MinorBook {
  pricePlace: number;
  volumePlace: number;
  lot: string;
  typicalLevelSize: string;
}

/** A minor coin traded both as a USDT spot pair and as a USDT-M perpetual. */
export interface MinorMarket {
  baseCoin: string;
  /** Start price as a plain decimal with at most the spot pair's places. */
  startPrice: string;
  volatilityBps: number;
  maxLever: string;
  spot: MinorBook;
  perpetual: MinorBook;
}

/**
 * The share of the simulator's random level changes a minor book makes each step (a twentieth: 1 of 20, and at least
 * 1): minor markets move on every step, so every book streams continuously, but churn little each time.
 */
export const MINOR_BOOK_ACTIVITY = 0.05;

/** `price` written with exactly `places` decimals (it has at most that many). */
function atPlaces(price: string, places: number): string {
  const [whole, fraction = ''] = price.split('.');
  if (fraction.length > places) throw new RangeError(`${price} has more than ${places} decimals`);
  return places === 0 ? whole! : `${whole}.${fraction.padEnd(places, '0')}`;
}

/**
 * The minor markets, in listing order: the eight perpetuals the gateway has had since hedge mode (their figures
 * unchanged), then ten more. Spot pairs quote one more price place where the exchange does; perpetual levels are
 * worth about what an ETHUSDT perpetual level is (some 42,000 USDT), spot levels about a third of that.
 */
export const MINOR_MARKETS: readonly MinorMarket[] = [
  market('SOL', '135', 2.2, '75', [2, 3, '0.001', '100.000'], [2, 1, '0.1', '310.0']),
  market('XRP', '2.05', 2.4, '75', [4, 2, '0.01', '6000.00'], [4, 0, '1', '20000']),
  market('DOGE', '0.142', 3, '75', [5, 1, '0.1', '100000.0'], [5, 0, '1', '300000']),
  market('BNB', '880', 1.8, '75', [2, 3, '0.001', '16.000'], [2, 2, '0.01', '48.00']),
  market('ADA', '0.42', 2.6, '50', [4, 2, '0.01', '30000.00'], [4, 0, '1', '100000']),
  market('LTC', '82', 2, '50', [2, 4, '0.0001', '170.0000'], [2, 1, '0.1', '510.0']),
  market('LINK', '13.5', 2.4, '50', [3, 2, '0.01', '1000.00'], [3, 1, '0.1', '3100.0']),
  market('AVAX', '13.4', 2.6, '50', [3, 2, '0.01', '1000.00'], [3, 1, '0.1', '3100.0']),
  market('DOT', '4.2', 2.6, '50', [4, 2, '0.01', '3300.00'], [3, 1, '0.1', '10000.0']),
  market('TRX', '0.27', 1.6, '75', [5, 1, '0.1', '50000.0'], [5, 0, '1', '155000']),
  market('TON', '3.2', 2.4, '50', [4, 2, '0.01', '4300.00'], [3, 1, '0.1', '13000.0']),
  market('SUI', '3.6', 3, '50', [4, 2, '0.01', '3900.00'], [4, 1, '0.1', '11600.0']),
  market('NEAR', '2.6', 2.8, '50', [4, 2, '0.01', '5300.00'], [3, 1, '0.1', '16000.0']),
  market('APT', '5.2', 2.8, '50', [3, 2, '0.01', '2700.00'], [3, 2, '0.01', '8000.00']),
  market('ARB', '0.42', 3, '50', [4, 2, '0.01', '33000.00'], [4, 0, '1', '100000']),
  market('OP', '0.72', 3, '50', [4, 2, '0.01', '19000.00'], [4, 1, '0.1', '58000.0']),
  market('UNI', '8.5', 2.6, '50', [3, 2, '0.01', '1600.00'], [3, 2, '0.01', '4900.00']),
  market('BCH', '520', 2, '50', [2, 4, '0.0001', '27.0000'], [2, 2, '0.01', '80.00']),
];

type BookRow = [pricePlace: number, volumePlace: number, lot: string, typicalLevelSize: string];

function market(
  baseCoin: string,
  startPrice: string,
  volatilityBps: number,
  maxLever: string,
  spot: BookRow,
  perpetual: BookRow,
): MinorMarket {
  const book = ([pricePlace, volumePlace, lot, typicalLevelSize]: BookRow): MinorBook => ({
    pricePlace,
    volumePlace,
    lot,
    typicalLevelSize,
  });
  return { baseCoin, startPrice, volatilityBps, maxLever, spot: book(spot), perpetual: book(perpetual) };
}

/**
 * A minor spot pair: a tick of one unit in its last price place, 6 quote decimals, 1 USDT minimum, 0.1 % fees, and a
 * book that churns like a minor perpetual's.
 */
export function minorSpot(minor: MinorMarket): InstrumentSpec {
  const { spot } = minor;
  return {
    instType: 'SPOT',
    symbol: `${minor.baseCoin}USDT`,
    baseCoin: minor.baseCoin,
    quoteCoin: 'USDT',
    pricePlace: spot.pricePlace,
    priceEndStep: 1,
    volumePlace: spot.volumePlace,
    quotePrecision: 6,
    sizeMultiplier: spot.lot,
    minTradeNum: spot.lot,
    minTradeUSDT: '1',
    makerFeeRate: '0.001',
    takerFeeRate: '0.001',
    startPrice: atPlaces(minor.startPrice, spot.pricePlace),
    typicalLevelSize: spot.typicalLevelSize,
    volatilityBps: minor.volatilityBps,
    bookActivity: MINOR_BOOK_ACTIVITY,
  };
}

/**
 * A minor USDT-M perpetual: a tick of one unit in its last price place, 6 quote decimals, 5 USDT minimum order value,
 * the major perpetuals' fee rates, and a book that churns at a twentieth of the pace.
 */
export function minorPerpetual(minor: MinorMarket): InstrumentSpec {
  const { perpetual } = minor;
  // In the order of the other entries, so every reply built from a spec reads the same.
  return {
    instType: 'USDT-FUTURES',
    symbol: `${minor.baseCoin}USDT`,
    baseCoin: minor.baseCoin,
    quoteCoin: 'USDT',
    pricePlace: perpetual.pricePlace,
    priceEndStep: 1,
    volumePlace: perpetual.volumePlace,
    quotePrecision: 6,
    sizeMultiplier: perpetual.lot,
    minTradeNum: perpetual.lot,
    minTradeUSDT: '5',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    startPrice: atPlaces(minor.startPrice, perpetual.pricePlace),
    typicalLevelSize: perpetual.typicalLevelSize,
    volatilityBps: minor.volatilityBps,
    maxLever: minor.maxLever,
    bookActivity: MINOR_BOOK_ACTIVITY,
  };
}
