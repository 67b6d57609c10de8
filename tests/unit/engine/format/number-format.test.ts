import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../../../engine/format/number-format';

const compact = (value: string, intl: string) => formatDecimal(value, { intl, compact: true, maxFraction: 2 });
const standard = (value: string, intl: string) => formatDecimal(value, { intl, maxFraction: 2 });

describe('formatDecimal compact', () => {
  it('groups a figure below the first short unit as the locale groups a standard one (ja, zh, de)', () => {
    // These locales have no short form for thousands: the figure shows whole, so it must be grouped.
    expect(compact('4567.891', 'ja')).toBe('4,567.89');
    expect(compact('4567.891', 'zh-CN')).toBe('4,567.89');
    expect(compact('4567.891', 'de')).toBe('4.567,89');
    for (const intl of ['ja', 'zh-CN', 'zh-TW', 'de'])
      expect(compact('1234.5', intl), intl).toBe(standard('1234.5', intl));
  });

  it('keeps a locale’s own rule where four digits stay ungrouped (es: 1234,57 M)', () => {
    expect(standard('1234', 'es')).toBe('1234');
    expect(compact('1234567890', 'es')).toBe('1234,57\u00a0M');
  });

  it('keeps the short units', () => {
    expect(compact('123456789.12', 'en')).toBe('123.46M');
    expect(compact('123456789.12', 'ja')).toBe('1.23億');
    expect(compact('12345678901234567', 'zh-CN')).toBe('12,345.68万亿');
  });
});
