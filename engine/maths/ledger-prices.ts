/**
 * The mark and index prices of a ledger's tick (contracts/maths.md inputs): each read once per value into its exact
 * form, its decimal.js form on demand, and its text for the mark column.
 */
import { type Exact, exactOf, integerDigits, readPlain, roundedText } from './exact-decimal';
import type { MarkTick, PreparedLedger, PriceState } from './ledger-model';
import { MathsDecimal, type MathsDecimalValue } from './maths-decimal';
import { isMissing, readDecimal } from './read-input';

/**
 * Reads a mark or index price into `price` (a symbol's one state object, reused tick after tick). A short plain
 * decimal (`"68000.5"`, as feeds send prices) is read straight into its exact value; anything else goes through the
 * contract's input checks, which refuse it or read it as decimal.js.
 */
export function readPrice(
  price: PriceState | undefined,
  raw: unknown,
  input: 'marks' | 'indexPrices',
  symbol: string,
): PriceState {
  const plain = typeof raw === 'string' ? readPlain(raw) : null;
  let decimal: MathsDecimalValue | null = null;
  let exact: Exact;
  let length: number;
  if (plain !== null && plain.n > 0n) {
    exact = { n: plain.n, scale: plain.scale };
    length = plain.integerDigits + plain.places;
  } else {
    // The field is named only here: a tick of plain prices makes no field names.
    decimal = readDecimal(raw, `${input}.${symbol}`, 'positive');
    exact = exactOf(decimal);
    length = integerDigits(decimal) + Math.max(0, decimal.decimalPlaces());
  }
  const state = price ?? { raw, exact, length, decimal, float: 0, isCanonical: false, text: '', textPlaces: -1 };
  state.raw = raw;
  state.exact = exact;
  state.length = length;
  state.decimal = decimal;
  state.float = plain !== null && decimal === null ? plain.float : Number(exact.n);
  state.isCanonical = plain !== null && decimal === null && plain.isCanonical;
  state.text = '';
  state.textPlaces = -1;
  return state;
}

/** The decimal.js value of a price (a plain decimal read directly is parsed only when a decimal route needs it). */
export function decimalOf(price: PriceState): MathsDecimalValue {
  if (price.decimal === null) price.decimal = new MathsDecimal(price.raw as string);
  return price.decimal;
}

/** Legs of one symbol show the same mark: printed once per symbol and precision. */
export function markTextOf(price: PriceState, places: number): string {
  if (price.textPlaces !== places) {
    // A feed sends marks at the symbol's precision: then the text is the mark as it came.
    price.text =
      price.isCanonical && price.exact.scale === places ? (price.raw as string) : roundedText(price.exact, places);
    price.textPlaces = places;
  }
  return price.text;
}

/** The tick's mark of each of the ledger's symbols, by symbol index (undefined: no mark yet). */
export type Marks = (PriceState | undefined)[];

/** Reads the tick's marks of the ledger's symbols, each parsed only when it moved. */
export function readMarks(ledger: PreparedLedger, tick: MarkTick): Marks {
  const marks: Marks = new Array(ledger.symbols.length);
  for (let i = 0; i < ledger.symbols.length; i += 1) {
    const symbol = ledger.symbols[i];
    const raw = tick.marks?.[symbol];
    if (isMissing(raw)) continue;
    let cached = ledger.markCache[i];
    if (cached?.raw !== raw) {
      cached = readPrice(cached, raw, 'marks', symbol);
      ledger.markCache[i] = cached;
    }
    marks[i] = cached;
  }
  return marks;
}

/** The tick's index price of a symbol, read once per value; null when the tick has none. */
export function cachedIndex(ledger: PreparedLedger, tick: MarkTick, symbolIndex: number): PriceState | null {
  const symbol = ledger.symbols[symbolIndex];
  const raw = tick.indexPrices?.[symbol];
  if (isMissing(raw)) return null;
  let cached = ledger.indexCache[symbolIndex];
  if (cached?.raw !== raw) {
    cached = readPrice(cached, raw, 'indexPrices', symbol);
    ledger.indexCache[symbolIndex] = cached;
  }
  return cached;
}

/**
 * The margin coin's index price of a coin-margined symbol (the mark until an index arrives), or null when it is too
 * long for the exact path beside the ledger's constants.
 */
export function indexPriceOf(
  ledger: PreparedLedger,
  tick: MarkTick,
  symbolIndex: number,
  mark: PriceState,
): PriceState | null {
  const index = cachedIndex(ledger, tick, symbolIndex);
  if (index === null) return mark;
  return index.length + ledger.exactIntegerDigits + ledger.exactPlaces > 50 ? null : index;
}

/** The index price of a coin-margined symbol as decimal.js reads it (the mark until an index arrives), read once per value. */
export function indexDecimalOf(
  ledger: PreparedLedger,
  tick: MarkTick,
  symbolIndex: number,
  mark: MathsDecimalValue,
): MathsDecimalValue {
  const index = cachedIndex(ledger, tick, symbolIndex);
  return index === null ? mark : decimalOf(index);
}
