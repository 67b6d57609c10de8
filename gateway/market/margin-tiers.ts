import type { MarginTier } from '../../engine/maths';
import { unitsOf } from '../money/money-units';

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
  DOTUSDT: [
    ['0', '1700000', '0.01', '50'],
    ['1700000', '8300000', '0.02', '25'],
    ['8300000', '33000000', '0.05', '10'],
    ['33000000', '1000000000', '0.1', '5'],
  ],
  TRXUSDT: [
    ['0', '26000000', '0.0065', '75'],
    ['26000000', '130000000', '0.01', '50'],
    ['130000000', '520000000', '0.03', '20'],
    ['520000000', '1000000000', '0.05', '10'],
  ],
  TONUSDT: [
    ['0', '2200000', '0.01', '50'],
    ['2200000', '11000000', '0.02', '25'],
    ['11000000', '44000000', '0.05', '10'],
    ['44000000', '1000000000', '0.1', '5'],
  ],
  SUIUSDT: [
    ['0', '1900000', '0.01', '50'],
    ['1900000', '9700000', '0.02', '25'],
    ['9700000', '39000000', '0.05', '10'],
    ['39000000', '1000000000', '0.1', '5'],
  ],
  NEARUSDT: [
    ['0', '2700000', '0.01', '50'],
    ['2700000', '13000000', '0.02', '25'],
    ['13000000', '54000000', '0.05', '10'],
    ['54000000', '1000000000', '0.1', '5'],
  ],
  APTUSDT: [
    ['0', '1300000', '0.01', '50'],
    ['1300000', '6700000', '0.02', '25'],
    ['6700000', '27000000', '0.05', '10'],
    ['27000000', '1000000000', '0.1', '5'],
  ],
  ARBUSDT: [
    ['0', '17000000', '0.01', '50'],
    ['17000000', '83000000', '0.02', '25'],
    ['83000000', '330000000', '0.05', '10'],
    ['330000000', '1000000000', '0.1', '5'],
  ],
  OPUSDT: [
    ['0', '9700000', '0.01', '50'],
    ['9700000', '49000000', '0.02', '25'],
    ['49000000', '190000000', '0.05', '10'],
    ['190000000', '1000000000', '0.1', '5'],
  ],
  UNIUSDT: [
    ['0', '820000', '0.01', '50'],
    ['820000', '4100000', '0.02', '25'],
    ['4100000', '16000000', '0.05', '10'],
    ['16000000', '1000000000', '0.1', '5'],
  ],
  BCHUSDT: [
    ['0', '13000', '0.01', '50'],
    ['13000', '67000', '0.02', '25'],
    ['67000', '270000', '0.05', '10'],
    ['270000', '1000000000', '0.1', '5'],
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

/**
 * The largest position (base coin, the table's decimal) the tier table lets run at `leverage`: the top of the highest
 * tier whose maximum leverage reaches it; "0" when none does. The order form's Max stops there, as the order check does.
 */
export function maxSizeAtLeverage(symbol: string, leverage: number): string {
  const reaching = tiersOf(symbol).filter((tier) => Number(tier[3]) >= leverage);
  return reaching.length === 0 ? '0' : String(reaching[reaching.length - 1][1]);
}
