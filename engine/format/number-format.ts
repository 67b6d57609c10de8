/** Options for showing a decimal string to a person. */
export interface DecimalFormatOptions {
  /** BCP 47 tag, e.g. `en`, `zh-Hant-TW`, `ar`. */
  intl: string;
  minFraction?: number;
  maxFraction?: number;
  signDisplay?: 'auto' | 'always' | 'exceptZero';
  compact?: boolean;
  /** Show a ratio (`"0.0123"`) as a locale percent (`1.23%`, `%1,23`, `1,23 %`). */
  percent?: boolean;
}

const cache = new Map<string, Intl.NumberFormat>();

/** The grouping the locale's standard notation uses: from four digits (`1,234` in en, ja) or from five (es, pl). */
function standardGrouping(intl: string): 'always' | 'min2' {
  const parts = new Intl.NumberFormat(intl, { numberingSystem: 'latn' }).formatToParts(1234);
  return parts.some((part) => part.type === 'group') ? 'always' : 'min2';
}

function formatter(options: DecimalFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let nf = cache.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(options.intl, {
      minimumFractionDigits: options.minFraction,
      maximumFractionDigits: options.maxFraction ?? Math.max(options.minFraction ?? 0, 20),
      signDisplay: options.signDisplay ?? 'auto',
      notation: options.compact ? 'compact' : 'standard',
      // Compact notation alone groups only from five digits (`1234.57` in ja, zh, de, whose thousands have no short
      // form); a compact volume groups as the locale groups its other figures (`1,234.57`). The string values are
      // standard (Intl.NumberFormat v3) but missing from the ES2022 typings.
      useGrouping: (options.compact ? standardGrouping(options.intl) : 'auto') as unknown as boolean,
      style: options.percent ? 'percent' : 'decimal',
      // Trading figures keep Latin digits in every locale, as exchanges do; grouping and signs follow the locale.
      numberingSystem: 'latn',
      roundingMode: 'halfExpand',
    } as Intl.NumberFormatOptions);
    cache.set(key, nf);
  }
  return nf;
}

/**
 * Formats a decimal string with Intl (ARCHITECTURE principle 4: money stays a string until display).
 * Intl.NumberFormat formats a string operand exactly, so no binary float ever rounds a price.
 */
export function formatDecimal(value: string, options: DecimalFormatOptions): string {
  // The string overload of format() is standard (Intl.NumberFormat v3) but missing from the ES2022 typings.
  return formatter(options).format(value as unknown as number);
}
