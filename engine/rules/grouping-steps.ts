/**
 * The order book's grouping menu (market-data contract, "Order book maintenance": grouping of the local book): which
 * price steps an instrument offers, as plain decimal strings. Pure and tiny, so the page builds its menu itself.
 */

/** Most steps {@link groupingSteps} lists, and the most price decimals it accepts. */
const MAX_STEPS = 12;
const MAX_PRICE_PLACES = 18;

/** Options of {@link groupingSteps}. */
export interface GroupingStepOptions {
  /** How many steps to list (default 4: tick, ×10, ×100, ×1000). */
  count?: number;
  /** The tick in units of the last price decimal, for instruments whose tick is e.g. 5 × 0.01 (default 1). */
  endStep?: number;
}

/** `units × 10^-places` as a plain decimal without trailing zeros: a step is a value, not a column of figures. */
function stepText(units: string, places: number): string {
  if (places === 0) return units;
  const digits = units.padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/\.?0+$/, '');
}

/**
 * The grouping menu's steps for an instrument with `pricePlaces` price decimals: its tick, then ten times larger each
 * time, as plain decimal strings (1 place → `0.1`, `1`, `10`, `100`).
 */
export function groupingSteps(pricePlaces: number, options: GroupingStepOptions = {}): string[] {
  const { count = 4, endStep = 1 } = options;
  if (!Number.isInteger(pricePlaces) || pricePlaces < 0 || pricePlaces > MAX_PRICE_PLACES) {
    throw new RangeError(`price places must be a whole number from 0 to ${MAX_PRICE_PLACES}, got ${pricePlaces}`);
  }
  if (!Number.isInteger(count) || count < 1 || count > MAX_STEPS)
    throw new RangeError(`step count must be a whole number from 1 to ${MAX_STEPS}, got ${count}`);
  if (!Number.isSafeInteger(endStep) || endStep < 1)
    throw new RangeError(`end step must be a whole number ≥ 1, got ${endStep}`);
  const steps: string[] = [];
  // A safe integer prints as plain digits, so the tick times 10^k is its digits and k zeros.
  for (let k = 0; k < count; k += 1) steps.push(stepText(String(endStep) + '0'.repeat(k), pricePlaces));
  return steps;
}
