/**
 * Formats fixed-point decimal strings (`"-1234.50"`, already rounded by the maths) exactly as `Intl.NumberFormat`
 * does for a locale with Latin digits, at string-splicing cost. A positions table reformats thousands of figures
 * per tick; asking ICU for each one cost more than the maths itself. The locale's separators, grouping (including
 * Indian two-digit groups and the minimum grouping digits of Spanish or Polish) and sign affixes are learned once
 * from Intl, per count of integer digits, so the output is Intl's output by construction; a test compares the two
 * across every locale.
 */
export interface FixedFormat {
  /** `"-1234.5"` → `"-1,234.5"`: the places the string carries, grouped for the locale. */
  number(value: string): string;
  /** A ratio already in percent (`"16.67"`) → `"+16.67%"`: signed except at zero, as the positions table shows ROE. */
  signedPercent(value: string): string;
}

interface Affixes {
  prefix: string;
  suffix: string;
}

/** Where an integer part of a given length is split: the start of each group after the first, and what goes before it. */
interface Grouping {
  starts: number[];
  separators: string[];
}

/**
 * Index of the point in a fixed-point decimal `-?\d+(\.\d+)?` (−1 when there is none); anything else throws.
 * One pass over the characters: these figures are checked thousands of times per tick.
 */
function pointOf(value: string): number {
  if (typeof value !== 'string') throw new TypeError('not a fixed-point decimal');
  const length = value.length;
  const start = length > 0 && value.charCodeAt(0) === 45 ? 1 : 0;
  let point = -1;
  for (let i = start; i < length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) continue;
    if (code === 46 && point < 0 && i > start && i < length - 1) {
      point = i;
      continue;
    }
    throw new TypeError(`not a fixed-point decimal: ${value.slice(0, 40)}`);
  }
  if (length === start) throw new TypeError(`not a fixed-point decimal: ${value.slice(0, 40)}`);
  return point;
}

export function createFixedFormat(intl: string): FixedFormat {
  const options = { numberingSystem: 'latn' } as Intl.NumberFormatOptions;
  const plain = new Intl.NumberFormat(intl, { ...options, maximumFractionDigits: 0 });
  const fractional = new Intl.NumberFormat(intl, { ...options, minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(intl, { ...options, maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const decimal = fractional.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

  const affixesOf = (nf: Intl.NumberFormat, operand: string): Affixes => {
    const parts = nf.formatToParts(operand as unknown as number);
    const first = parts.findIndex((part) => part.type === 'integer');
    const last = parts.length - 1 - [...parts].reverse().findIndex((part) => part.type === 'integer');
    return {
      prefix: parts
        .slice(0, first)
        .map((part) => part.value)
        .join(''),
      suffix: parts
        .slice(last + 1)
        .map((part) => part.value)
        .join(''),
    };
  };
  const negative = affixesOf(plain, '-1');
  const positive = affixesOf(plain, '1');
  const plus = affixesOf(signed, '1');
  const minus = affixesOf(signed, '-1');
  const zero = affixesOf(signed, '0');
  // Where the locale writes a figure just as the maths does (`-1234.5`), an ungrouped figure is returned as it came.
  const isPlainPositive = decimal === '.' && positive.prefix === '' && positive.suffix === '';
  const isPlainNegative = decimal === '.' && negative.prefix === '-' && negative.suffix === '';
  const isPlainPercent =
    decimal === '.' && plus.prefix === '+' && plus.suffix === '' && minus.prefix === '-' && minus.suffix === '';

  // Grouping of an integer part with k digits, read off Intl's own rendering of 10^(k−1).
  const groupings: Grouping[] = [];
  const groupingOf = (k: number): Grouping => {
    let grouping = groupings[k];
    if (!grouping) {
      grouping = { starts: [], separators: [] };
      let at = 0;
      for (const part of plain.formatToParts(`1${'0'.repeat(k - 1)}` as unknown as number)) {
        if (part.type === 'integer') {
          at += part.value.length;
        } else if (part.type === 'group') {
          grouping.starts.push(at);
          grouping.separators.push(part.value);
        }
      }
      groupings[k] = grouping;
    }
    return grouping;
  };
  /** `text` with the group separators put in, its integer digits starting at `from`; whatever follows them is kept. */
  const grouped = (text: string, from: number, { starts, separators }: Grouping): string => {
    let out = text.slice(0, from + starts[0]);
    for (let i = 0; i < starts.length; i += 1)
      out += separators[i] + text.slice(from + starts[i], i + 1 < starts.length ? from + starts[i + 1] : text.length);
    return out;
  };

  /** The figure without its sign, grouped and with the locale's decimal mark. */
  const body = (value: string, start: number, point: number, grouping: Grouping): string => {
    const end = point < 0 ? value.length : point;
    const digits = value.slice(start, end);
    const whole = grouping.starts.length === 0 ? digits : grouped(digits, 0, grouping);
    return point < 0 ? whole : whole + decimal + value.slice(point + 1);
  };

  return {
    number(value) {
      const point = pointOf(value);
      const isNegative = value.charCodeAt(0) === 45;
      const start = isNegative ? 1 : 0;
      const grouping = groupingOf((point < 0 ? value.length : point) - start);
      if (isNegative ? isPlainNegative : isPlainPositive) {
        // Sign, digits and decimals as they came: only the group separators go in.
        return grouping.starts.length === 0 ? value : grouped(value, start, grouping);
      }
      const { prefix, suffix } = isNegative ? negative : positive;
      return prefix + body(value, start, point, grouping) + suffix;
    },
    signedPercent(value) {
      const point = pointOf(value);
      const isNegative = value.charCodeAt(0) === 45;
      const start = isNegative ? 1 : 0;
      let isZero = true;
      for (let i = start; i < value.length && isZero; i += 1) {
        const code = value.charCodeAt(i);
        if (code >= 49 && code <= 57) isZero = false;
      }
      const grouping = groupingOf((point < 0 ? value.length : point) - start);
      // An ungrouped ratio where the locale signs it as the maths does (`+16.67%`, `-3.10%`): the figure as it came.
      if (grouping.starts.length === 0 && isPlainPercent && !isZero) return isNegative ? `${value}%` : `+${value}%`;
      const { prefix, suffix } = isZero ? zero : isNegative ? minus : plus;
      return `${prefix}${body(value, start, point, grouping)}${suffix}%`;
    },
  };
}
