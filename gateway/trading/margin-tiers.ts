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
