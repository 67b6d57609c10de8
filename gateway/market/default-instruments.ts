import type { InstrumentSpec } from './instruments';
import { MAJOR_PERPETUALS, MAJOR_SPOT } from './major-instruments';
import { MINOR_MARKETS, minorPerpetual, minorSpot } from './minor-instruments';

/**
 * The instruments the gateway simulates: 22 spot pairs and 20 USDT-M perpetuals, every perpetual beside a spot pair of
 * its base coin (whose price is its index). The minor markets (the 18 spot pairs and 18 perpetuals after the majors)
 * move on every step but churn their books at a twentieth of the pace, so the gateway's load grows little with them (see `MINOR_MARKETS`).
 */
export const DEFAULT_INSTRUMENTS: readonly InstrumentSpec[] = [
  ...MAJOR_SPOT,
  ...MINOR_MARKETS.map(minorSpot),
  ...MAJOR_PERPETUALS,
  ...MINOR_MARKETS.map(minorPerpetual),
];
