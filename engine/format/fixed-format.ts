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

const FIXED = /^-?\d+(\.\d+)?$/;

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
    return { prefix: parts.slice(0, first).map((part) => part.value).join(''), suffix: parts.slice(last + 1).map((part) => part.value).join('') };
  };
  const negative = affixesOf(plain, '-1');
  const positive = affixesOf(plain, '1');
  const plus = affixesOf(signed, '1');
  const minus = affixesOf(signed, '-1');
  const zero = affixesOf(signed, '0');

  // Grouping of an integer part with k digits, read off Intl's own rendering of 10^(k−1).
  const groupings: string[][] = [];
  const group = (digits: string): string => {
    const k = digits.length;
    let template = groupings[k];
    if (!template) {
      const parts = plain.formatToParts(`1${'0'.repeat(k - 1)}` as unknown as number);
      template = parts.filter((part) => part.type === 'integer' || part.type === 'group').map((part) => (part.type === 'group' ? part.value : `${part.value.length}`));
      groupings[k] = template;
    }
    if (template.length === 1) return digits;
    let out = '';
    let at = 0;
    for (let i = 0; i < template.length; i += 1) {
      if (i % 2 === 1) {
        out += template[i];
      } else {
        const size = Number(template[i]);
        out += digits.slice(at, at + size);
        at += size;
      }
    }
    return out;
  };

  const body = (unsigned: string): string => {
    const point = unsigned.indexOf('.');
    return point < 0 ? group(unsigned) : `${group(unsigned.slice(0, point))}${decimal}${unsigned.slice(point + 1)}`;
  };
  const check = (value: string) => {
    if (!FIXED.test(value)) throw new TypeError(`not a fixed-point decimal: ${value.slice(0, 40)}`);
  };

  return {
    number(value) {
      check(value);
      const isNegative = value.charCodeAt(0) === 45;
      const { prefix, suffix } = isNegative ? negative : positive;
      return prefix + body(isNegative ? value.slice(1) : value) + suffix;
    },
    signedPercent(value) {
      check(value);
      const isNegative = value.charCodeAt(0) === 45;
      const unsigned = isNegative ? value.slice(1) : value;
      const isZero = !/[1-9]/.test(unsigned);
      const { prefix, suffix } = isZero ? zero : isNegative ? minus : plus;
      return `${prefix}${body(unsigned)}${suffix}%`;
    },
  };
}
