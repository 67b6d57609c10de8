/**
 * Price grouping for the order-book screen's grouping menu: levels merged into price steps (bids rounded down,
 * asks up), sizes summed exactly as decimal strings, with cumulative sizes and bar shares for the depth bars.
 */
import { EXACT_ZERO, type Exact, formatScaled, plus, pow10 } from '../maths/exact-decimal';
import type { BookLevel } from './book-checksum';
import type { BookSide } from './order-book';
import { MAX_DECIMAL_LENGTH } from './price-text';

/** One grouped row: the step's price, the summed size, the size from the best price to here, and its bar share. */
export interface GroupedLevel {
  price: string;
  size: string;
  total: string;
  /** `total` over the largest total shown, 0…1, for a bar width; the one float here, as it only ever becomes pixels. */
  share: number;
}

/** Both sides of a grouped book, best price first, for one frame of the order-book screen. */
export interface GroupedBook {
  bids: GroupedLevel[];
  asks: GroupedLevel[];
}

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
/** Digits a double holds as an exact integer whatever they are (2^53 has 16 digits). */
const SAFE_DIGITS = 15;
const POWERS: number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);

function describeValue(value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : `a value of type ${typeof value}`;
  return value.length > 24
    ? `${JSON.stringify(value.slice(0, 24))}… (${value.length} characters)`
    : JSON.stringify(value);
}

function invalid(what: string, value: unknown): never {
  throw new RangeError(`${what} must be a non-negative plain decimal string, got ${describeValue(value)}`);
}

/** A non-negative plain decimal string as an exact value; throws a RangeError naming `what` otherwise. */
function readDecimal(value: unknown, what: string): Exact {
  if (typeof value !== 'string' || value.length > MAX_DECIMAL_LENGTH || !PLAIN_DECIMAL.test(value))
    invalid(what, value);
  const point = value.indexOf('.');
  if (point < 0) return { n: BigInt(value), scale: 0 };
  return { n: BigInt(value.slice(0, point) + value.slice(point + 1)), scale: value.length - point - 1 };
}

/** The last value {@link scanDecimal} read: `units × 10^-scale`. */
const scanned = { units: 0, scale: 0 };

/**
 * Reads a non-negative plain decimal into {@link scanned} without allocating: true when its digits fit a double
 * exactly, false when the value is valid but too long for doubles; throws a RangeError naming `what` otherwise.
 */
function scanDecimal(value: unknown, what: string): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_DECIMAL_LENGTH) invalid(what, value);
  const length = value.length;
  let units = 0;
  let digits = 0;
  let point = -1;
  for (let i = 0; i < length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === DOT) {
      if (point >= 0 || i === 0 || i === length - 1) invalid(what, value);
      point = i;
    } else if (c >= ZERO && c <= NINE) {
      // Leading zeros add nothing; count only the digits that make the integer.
      if (units > 0 || c !== ZERO) digits += 1;
      units = units * 10 + (c - ZERO);
    } else {
      invalid(what, value);
    }
  }
  scanned.units = units;
  scanned.scale = point < 0 ? 0 : length - point - 1;
  return digits <= SAFE_DIGITS && scanned.scale < POWERS.length;
}

const text = (value: Exact): string => formatScaled(value.n, value.scale);

/** `units × 10^-scale` printed fixed-point, for units a safe integer. */
function unitsText(units: number, scale: number): string {
  const digits = String(units);
  if (scale === 0) return digits;
  const padded = digits.length <= scale ? '0'.repeat(scale - digits.length + 1) + digits : digits;
  return `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}

/** Level `i` of a side, which must be a `[price, size]` pair. */
function levelAt(levels: readonly BookLevel[], i: number, side: BookSide): BookLevel {
  const level: unknown = levels[i];
  if (!Array.isArray(level) || level.length !== 2) throw new RangeError(`${side}[${i}] must be [price, size]`);
  return level as unknown as BookLevel;
}

function outOfOrder(side: BookSide, i: number, price: unknown): never {
  throw new RangeError(`${side}[${i}] price ${String(price)} is out of order`);
}

function notAbove(side: BookSide, i: number): never {
  throw new RangeError(`${side}[${i}] price must be above zero`);
}

/** The grouping step, exact and (when it fits) as a count of 10^-scale in a double. */
interface Step {
  exact: Exact;
  units: number | null;
}

function readStep(step: unknown): Step {
  const exact = readDecimal(step, 'grouping step');
  if (exact.n === 0n) throw new RangeError('grouping step must be above zero, got "0"');
  return { exact, units: scanDecimal(step, 'grouping step') ? scanned.units : null };
}

function readCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`grouped level count must be a whole number ≥ 0, got ${count}`);
  return count;
}

/**
 * Groups one side in doubles holding exact integers (counts of 10^-scale), or returns null as soon as a figure
 * could leave the range where doubles are exact; then the BigInt path does the same work.
 */
function groupSideInDoubles(
  levels: readonly BookLevel[],
  side: BookSide,
  step: Step,
  count: number,
): GroupedLevel[] | null {
  const rows: GroupedLevel[] = [];
  if (step.units === null) return null;
  const stepUnits = step.units;
  const stepScale = step.exact.scale;
  const isBid = side === 'bids';
  const limit = Number.MAX_SAFE_INTEGER;
  let bucket = -1;
  let sum = 0;
  let sumScale = 0;
  let total = 0;
  let totalScale = 0;
  const close = (): boolean => {
    if (totalScale < sumScale) {
      total *= POWERS[sumScale - totalScale];
      totalScale = sumScale;
    }
    total += sum * POWERS[totalScale - sumScale];
    if (total > limit) return false;
    rows.push({
      price: unitsText(bucket, stepScale),
      size: unitsText(sum, sumScale),
      total: unitsText(total, totalScale),
      share: 0,
    });
    return true;
  };
  for (let i = 0; i < levels.length; i += 1) {
    const level = levelAt(levels, i, side);
    if (!scanDecimal(level[0], `${side}[${i}] price`)) return null;
    const priceUnits = scanned.units;
    const priceScale = scanned.scale;
    if (priceUnits === 0) notAbove(side, i);
    if (!scanDecimal(level[1], `${side}[${i}] size`)) return null;
    const sizeUnits = scanned.units;
    const sizeScale = scanned.scale;
    const scale = priceScale > stepScale ? priceScale : stepScale;
    if (scale >= POWERS.length) return null;
    const p = priceUnits * POWERS[scale - priceScale];
    const m = stepUnits * POWERS[scale - stepScale];
    // q·m ≤ p + m bounds every product below, so all are exact while that is a safe integer.
    if (p + m > limit) return null;
    // No rounding of p / m can cross an integer: it moves the quotient by at most p / (m · 2^53) < 1 / m, while a
    // quotient that is not an integer lies at least 1 / m away from one. So floor and ceiling are exact.
    const q = isBid ? Math.floor(p / m) : Math.ceil(p / m);
    const at = q * stepUnits;
    if (at === bucket) {
      if (sumScale < sizeScale) {
        sum *= POWERS[sizeScale - sumScale];
        sumScale = sizeScale;
      }
      sum += sizeUnits * POWERS[sumScale - sizeScale];
      if (sum > limit) return null;
      continue;
    }
    if (bucket >= 0) {
      if (isBid ? at > bucket : at < bucket) outOfOrder(side, i, level[0]);
      if (!close()) return null;
      if (rows.length === count) return rows;
    }
    bucket = at;
    sum = sizeUnits;
    sumScale = sizeScale;
  }
  if (bucket >= 0 && !close()) return null;
  return rows;
}

/** Groups one side on BigInt: the exact path for any figure, however long. */
function groupSideExact(levels: readonly BookLevel[], side: BookSide, step: Exact, count: number): GroupedLevel[] {
  const rows: GroupedLevel[] = [];
  const isBid = side === 'bids';
  // The current row's price as a count of 10^-step.scale, its summed size, and the running total.
  let bucket = -1n;
  let sum: Exact = EXACT_ZERO;
  let total: Exact = EXACT_ZERO;
  const close = () => {
    total = plus(total, sum);
    rows.push({ price: formatScaled(bucket, step.scale), size: text(sum), total: text(total), share: 0 });
  };
  for (let i = 0; i < levels.length; i += 1) {
    const level = levelAt(levels, i, side);
    const price = readDecimal(level[0], `${side}[${i}] price`);
    const size = readDecimal(level[1], `${side}[${i}] size`);
    if (price.n === 0n) notAbove(side, i);
    // On a common scale, the step count q is floor(price / step) for bids and the ceiling for asks.
    const scale = Math.max(price.scale, step.scale);
    const p = price.n * pow10(scale - price.scale);
    const m = step.n * pow10(scale - step.scale);
    const q = isBid ? p / m : (p + m - 1n) / m;
    const at = q * step.n;
    if (at === bucket) {
      sum = plus(sum, size);
      continue;
    }
    if (bucket >= 0n) {
      // Ordered input (bids descending, asks ascending) gives ordered rows; anything else would split a row in two.
      if (isBid ? at > bucket : at < bucket) outOfOrder(side, i, level[0]);
      close();
      if (rows.length === count) return rows;
    }
    bucket = at;
    sum = size;
  }
  if (bucket >= 0n) close();
  return rows;
}

function groupSide(levels: readonly BookLevel[], side: BookSide, step: Step, count: number): GroupedLevel[] {
  if (count === 0) return [];
  return groupSideInDoubles(levels, side, step, count) ?? groupSideExact(levels, side, step.exact, count);
}

/**
 * Sets each row's share of `largest` (a total's text). Shares only size bars, so doubles do: rounding is monotonic,
 * so shares never decrease down a side, and the largest total's own share is exactly 1.
 */
function setShares(rows: GroupedLevel[], largest: number): void {
  if (!(largest > 0)) return;
  for (let i = 0; i < rows.length; i += 1) rows[i].share = Number(rows[i].total) / largest;
}

const lastTotal = (rows: readonly GroupedLevel[]): number =>
  rows.length > 0 ? Number(rows[rows.length - 1].total) : 0;

/**
 * The first `count` rows of one side grouped by `step` (bids down, asks up), from levels in book order, with shares of
 * this side's largest total. The last row may lack levels that lie beyond the input, so pass enough levels.
 */
export function groupLevels(levels: readonly BookLevel[], side: BookSide, step: string, count: number): GroupedLevel[] {
  const rows = groupSide(levels, side, readStep(step), readCount(count));
  setShares(rows, lastTotal(rows));
  return rows;
}

/**
 * Both sides grouped by `step` as in {@link groupLevels}, with shares of the larger side's largest total so the two
 * sides' depth bars compare (order-book screen grouping menu).
 */
export function groupBook(
  bids: readonly BookLevel[],
  asks: readonly BookLevel[],
  step: string,
  count: number,
): GroupedBook {
  const unit = readStep(step);
  const rows = readCount(count);
  const bidRows = groupSide(bids, 'bids', unit, rows);
  const askRows = groupSide(asks, 'asks', unit, rows);
  const largest = Math.max(lastTotal(bidRows), lastTotal(askRows));
  setShares(bidRows, largest);
  setShares(askRows, largest);
  return { bids: bidRows, asks: askRows };
}
