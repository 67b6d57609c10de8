import { sanitizeNumericInput } from './numeric-input';

/**
 * Reading a number as a person types or pastes it, in any locale, before the spec §5 rule cleans it.
 *
 * The field always shows (and the order request always gets) a plain decimal with `.` as the dot; what this layer
 * adds is how the other scripts and the locale's symbols are read, one character at a time:
 *
 * - Digits of other scripts become ASCII digits: full-width `０-９`, Arabic-Indic `٠-٩`, Extended Arabic-Indic
 *   `۰-۹`, Devanagari, Bengali and Thai digits. Other full-width ASCII forms (`．`, `，`, `－`, `ｅ`) are read as
 *   their ASCII twins, and the ideographic space as a space.
 * - The dot: `.`, the ideographic full stops `。` `｡`, the small full stop `﹒`, the Arabic decimal separator `٫`,
 *   and the locale's own decimal symbol (`,` in `de`, `fr`, `ru`, …) all count as the dot. Spec §5 still keeps only
 *   the first one.
 * - Grouping: the locale's grouping symbol (from `Intl.NumberFormat(locale).formatToParts`) and the Arabic
 *   thousands separator `٬` are left out, with the hint `grouping`. So in `en`, `12,500` is 12500 and the hint tells
 *   that `,` groups thousands there and `.` is the dot. Where the grouping symbol is a space (`fr`, `ru`, `pl`, …;
 *   no-break and narrow no-break spaces included) it stays a space, as spec §5 keeps spaces.
 * - Where the grouping symbol is `.` (`de`, `es`, `it`, …) the `.` keeps meaning the dot (spec §5), except inside
 *   one paste or insertion that also holds the locale's decimal comma: `1.234,5` pasted in `de` is 1234.5. A comma
 *   typed after a shown `12.5` does not turn the earlier dot into grouping; it is a second dot and goes.
 * - A minus (`-`, `−`, dashes) is refused with the hint `negative`, and an exponent (`e`, `E`) with the hint
 *   `exponent`: neither is silently read as part of the number. Anything else that is not a digit, a dot or a space
 *   goes with the hint `not-a-digit`.
 *
 * Every character maps to at most one character, and spec §5 only ever keeps a prefix-stable part of its input
 * (`sanitize(prefix)` is a prefix of `sanitize(whole)`), so the caret lands after what was kept of the text before it.
 */

/** Why something typed was refused or read differently; the field shows a localized hint for it. */
export type NumericHint = 'negative' | 'exponent' | 'grouping' | 'not-a-digit';

/** The locale's decimal and grouping symbols, as `Intl.NumberFormat` writes them. */
export interface NumberSymbols {
  decimal: string;
  group: string;
}

/** The result of one edit: the text to show, where the caret goes, and the hint to show (or null). */
export interface TypedNumber {
  value: string;
  caret: number;
  hint: NumericHint | null;
}

const symbolsCache = new Map<string, NumberSymbols>();

/** The decimal and grouping symbols of an Intl locale tag (`de-DE` → `,` and `.`). */
export function numberSymbolsOf(intl: string): NumberSymbols {
  let symbols = symbolsCache.get(intl);
  if (!symbols) {
    const parts = new Intl.NumberFormat(intl).formatToParts(1234567.5);
    symbols = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    symbolsCache.set(intl, symbols);
  }
  return symbols;
}

/** First code point of each run `0-9` of digits read as ASCII digits. */
const DIGIT_ZEROS = [0xff10, 0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];
const DOTS = new Set(['.', '\u3002', '\uff61', '\ufe52', '\u066b']);
const SPACES = new Set([' ', '\u00a0', '\u202f', '\u2009', '\u2007', '\u3000']);
const MINUS = new Set(['-', '\u2212', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\ufe63']);
const EXPONENT = new Set(['e', 'E']);
const ARABIC_GROUP = '\u066c';
const HINT_ORDER: readonly NumericHint[] = ['negative', 'exponent', 'grouping', 'not-a-digit'];

/** One UTF-16 unit folded to ASCII where it has a twin: digits of other scripts, full-width forms. */
function fold(unit: string): string {
  const code = unit.charCodeAt(0);
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return String(code - zero);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  return unit;
}

type Reading = { out: string; hint: NumericHint | null };

/** How one unit of the text reads; `dotIsGroup` is true inside a `de` paste like `1.234,5`. */
function readUnit(unit: string, symbols: NumberSymbols, dotIsGroup: boolean): Reading {
  const folded = fold(unit);
  if (folded >= '0' && folded <= '9') return { out: folded, hint: null };
  if (SPACES.has(folded) || (SPACES.has(symbols.group) && folded === symbols.group)) return { out: ' ', hint: null };
  if (DOTS.has(folded) && !(folded === '.' && dotIsGroup)) return { out: '.', hint: null };
  if (folded === symbols.decimal) return { out: '.', hint: null };
  if (folded === symbols.group || folded === ARABIC_GROUP || (folded === '.' && dotIsGroup)) {
    return { out: '', hint: 'grouping' };
  }
  if (MINUS.has(folded)) return { out: '', hint: 'negative' };
  if (EXPONENT.has(folded)) return { out: '', hint: 'exponent' };
  return { out: '', hint: 'not-a-digit' };
}

/** Whether an inserted chunk writes `.` as grouping: the locale groups with `.` and the chunk also holds its comma. */
function chunkGroupsWithDot(chunk: string, symbols: NumberSymbols): boolean {
  if (symbols.group !== '.' || symbols.decimal === '.') return false;
  const folded = Array.from(chunk, fold).join('');
  return folded.includes('.') && folded.includes(symbols.decimal);
}

/** The part of `raw` that differs from `previous` (what was typed or pasted), as [start, end) in `raw`. */
function insertedRange(previous: string, raw: string): [number, number] {
  let start = 0;
  while (start < previous.length && start < raw.length && previous[start] === raw[start]) start += 1;
  let end = raw.length;
  let before = previous.length;
  while (end > start && before > start && previous[before - 1] === raw[end - 1]) {
    end -= 1;
    before -= 1;
  }
  return [start, end];
}

/**
 * Reads the text of a numeric field after an edit. `raw` is what the input now holds, `caret` where its caret is,
 * `previous` what the field showed before the edit ("" when reading a whole pasted text), `decimals` the places spec
 * §5 keeps (price or size places). Returns the spec §5 text to show, the caret to put back, and the hint to show.
 */
export function readTypedNumber(
  raw: string,
  caret: number,
  decimals: number,
  symbols: NumberSymbols,
  previous = '',
): TypedNumber {
  const [start, end] = insertedRange(previous, raw);
  const groupsWithDot = chunkGroupsWithDot(raw.slice(start, end), symbols);
  let mapped = '';
  let mappedCaret = 0;
  const hints = new Set<NumericHint>();
  for (let index = 0; index < raw.length; index += 1) {
    const reading = readUnit(raw[index], symbols, groupsWithDot && index >= start && index < end);
    mapped += reading.out;
    if (index < caret) mappedCaret = mapped.length;
    if (reading.hint && index >= start && index < end) hints.add(reading.hint);
  }
  const value = sanitizeNumericInput(mapped, decimals);
  const kept = sanitizeNumericInput(mapped.slice(0, mappedCaret), decimals).length;
  return { value, caret: Math.min(kept, value.length), hint: HINT_ORDER.find((hint) => hints.has(hint)) ?? null };
}
