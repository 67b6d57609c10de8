import { ISOLATED, LONG, MARGIN_MODES, SIDES } from './futures-enums';
import type { MathsDecimalValue } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type DecimalInput, type EnumInput, readDecimal, readEnum } from './read-input';

/** One row of the tier table: `[minSize, maxSize, mmr, maxLeverage]` (contracts/maths.md, "Tier choice"). */
export type MarginTier = readonly [
  minSize: DecimalInput,
  maxSize: DecimalInput,
  mmr: DecimalInput,
  maxLeverage: DecimalInput,
];

/** Input of {@link maintenanceMarginRate}. */
export interface MaintenanceMarginRateInput {
  marginMode: EnumInput;
  /** The shown side, which sizes the tier in isolated mode. */
  side: EnumInput;
  longOpenCount: DecimalInput;
  shortOpenCount: DecimalInput;
  tiers: readonly MarginTier[];
}

interface Tier {
  minSize: MathsDecimalValue;
  maxSize: MathsDecimalValue;
  mmr: MathsDecimalValue;
}

function readTiers(value: unknown): Tier[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new MathsInputError('tiers', 'maths.bad-shape', 'tiers must be a non-empty list of tiers');
  }
  const tiers = value.map((row: unknown, index): Tier => {
    const field = `tiers[${index}]`;
    if (!Array.isArray(row) || row.length !== 4) {
      throw new MathsInputError(field, 'maths.bad-shape', `${field} must be [minSize, maxSize, mmr, maxLeverage]`);
    }
    const minSize = readDecimal(row[0], `${field}.minSize`, 'non-negative');
    const maxSize = readDecimal(row[1], `${field}.maxSize`, 'non-negative');
    if (!minSize.lt(maxSize)) {
      throw new MathsInputError(`${field}.maxSize`, 'maths.out-of-range', `${field}.maxSize must be above its minSize`);
    }
    const mmr = readDecimal(row[2], `${field}.mmr`, 'rate');
    // Leverage is not used by the rate, but a tier without a positive one is a corrupt table.
    readDecimal(row[3], `${field}.maxLeverage`, 'positive');
    return { minSize, maxSize, mmr };
  });
  const sorted = tiers
    .map((tier, index) => ({ tier, index }))
    .sort((a, b) => a.tier.minSize.comparedTo(b.tier.minSize));
  for (let i = 1; i < sorted.length; i += 1) {
    // Tiers may touch (one's maxSize is the next one's minSize) but not overlap: an overlap makes the rate ambiguous.
    if (sorted[i].tier.minSize.lt(sorted[i - 1].tier.maxSize)) {
      const field = `tiers[${sorted[i].index}].minSize`;
      throw new MathsInputError(field, 'maths.out-of-range', `${field} overlaps another tier`);
    }
  }
  return sorted.map(({ tier }) => tier);
}

/** Maintenance margin rate of the tier the position's size falls in (contracts/maths.md, "Tier choice"). */
export function maintenanceMarginRate(input: MaintenanceMarginRateInput): string {
  const isIsolated = readEnum(input.marginMode, 'marginMode', MARGIN_MODES) === ISOLATED;
  const isLong = readEnum(input.side, 'side', SIDES) === LONG;
  const longCount = readDecimal(input.longOpenCount, 'longOpenCount', 'non-negative');
  const shortCount = readDecimal(input.shortOpenCount, 'shortOpenCount', 'non-negative');
  const tiers = readTiers(input.tiers);
  // Cross mode risks both legs against one wallet, so the exchange sizes the tier on them together.
  const size = isIsolated ? (isLong ? longCount : shortCount) : longCount.plus(shortCount);
  // A size on a boundary belongs to the lower tier; a size beyond the table pays the last (highest) rate.
  const tier = tiers.find((candidate) => size.lte(candidate.maxSize)) ?? tiers[tiers.length - 1];
  return tier.mmr.toString();
}
