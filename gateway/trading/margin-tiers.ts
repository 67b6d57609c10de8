import type { MarginTier } from '../../engine/maths';
import { unitsOf } from './money-units';

/**
 * Maintenance-margin tiers per perpetual, `[minSize, maxSize, mmr, maxLeverage]` in base coin (maths contract,
 * "Tier choice"): the one table the gateway's liquidation maths and the positions' `mm` field read.
 */
export const MARGIN_TIERS: Readonly<Record<string, readonly MarginTier[]>> = {
  BTCUSDT: [
    ['0', '150', '0.004', '125'],
    ['150', '600', '0.005', '100'],
    ['600', '1500', '0.01', '50'],
    ['1500', '5000', '0.025', '20'],
    ['5000', '1000000000', '0.05', '10'],
  ],
  ETHUSDT: [
    ['0', '2000', '0.005', '100'],
    ['2000', '10000', '0.0065', '75'],
    ['10000', '40000', '0.01', '50'],
    ['40000', '1000000000', '0.03', '20'],
  ],
  // The minor perpetuals break at about ETHUSDT's values (7, 35 and 140 million USDT at their start prices), from
  // their own highest leverage down.
  SOLUSDT: [
    ['0', '50000', '0.0065', '75'],
    ['50000', '260000', '0.01', '50'],
    ['260000', '1000000', '0.03', '20'],
    ['1000000', '1000000000', '0.05', '10'],
  ],
  XRPUSDT: [
    ['0', '3500000', '0.0065', '75'],
    ['3500000', '17000000', '0.01', '50'],
    ['17000000', '70000000', '0.03', '20'],
    ['70000000', '1000000000000', '0.05', '10'],
  ],
  DOGEUSDT: [
    ['0', '50000000', '0.0065', '75'],
    ['50000000', '250000000', '0.01', '50'],
    ['250000000', '1000000000', '0.03', '20'],
    ['1000000000', '1000000000000', '0.05', '10'],
  ],
  BNBUSDT: [
    ['0', '8000', '0.0065', '75'],
    ['8000', '40000', '0.01', '50'],
    ['40000', '160000', '0.03', '20'],
    ['160000', '1000000000', '0.05', '10'],
  ],
  ADAUSDT: [
    ['0', '17000000', '0.01', '50'],
    ['17000000', '85000000', '0.02', '25'],
    ['85000000', '330000000', '0.05', '10'],
    ['330000000', '1000000000000', '0.1', '5'],
  ],
  LTCUSDT: [
    ['0', '85000', '0.01', '50'],
    ['85000', '430000', '0.02', '25'],
    ['430000', '1700000', '0.05', '10'],
    ['1700000', '1000000000', '0.1', '5'],
  ],
  LINKUSDT: [
    ['0', '500000', '0.01', '50'],
    ['500000', '2600000', '0.02', '25'],
    ['2600000', '10000000', '0.05', '10'],
    ['10000000', '1000000000', '0.1', '5'],
  ],
  AVAXUSDT: [
    ['0', '500000', '0.01', '50'],
    ['500000', '2600000', '0.02', '25'],
    ['2600000', '10000000', '0.05', '10'],
    ['10000000', '1000000000', '0.1', '5'],
  ],
};

/** A conservative table for a perpetual without its own. */
const FALLBACK_TIERS: readonly MarginTier[] = [['0', '1000000000', '0.01', '50']];

/** The tier table of a perpetual. */
export function tiersOf(symbol: string): readonly MarginTier[] {
  return MARGIN_TIERS[symbol] ?? FALLBACK_TIERS;
}

/**
 * The highest leverage the tier table allows for a position of `size` (integer units of `volumePlace` decimals):
 * the tier is chosen as for the maintenance margin (a size on a boundary belongs to the lower tier, beyond the table
 * the last tier), so a larger position must run at a lower leverage.
 */
export function maxLeverageFor(symbol: string, size: bigint, volumePlace: number): number {
  const tiers = tiersOf(symbol);
  const tier = tiers.find((candidate) => size <= unitsOf(String(candidate[1]), volumePlace)) ?? tiers[tiers.length - 1];
  return Number(tier[3]);
}
