import { describe, expect, it } from 'vitest';
import { createFeedFormat } from '../../../../engine/market/feed-format';

describe('createFeedFormat', () => {
  it('writes prices and sizes at the instrument places with the language grouping', () => {
    const en = createFeedFormat('en', 2, 4);
    expect(en.price('43231.1')).toBe('43,231.10');
    expect(en.size('1234.56789')).toBe('1,234.5679');
    const de = createFeedFormat('de', 2, 4);
    expect(de.price('43231.1')).toBe('43.231,10');
    // Trading figures keep Latin digits in every locale; grouping follows the language.
    expect(createFeedFormat('ar', 1, 0).price('1234.5')).toBe(
      new Intl.NumberFormat('ar', {
        numberingSystem: 'latn',
        minimumFractionDigits: 1,
      } as Intl.NumberFormatOptions).format(1234.5),
    );
    expect(createFeedFormat('en-IN', 0, 0).size('1234567')).toBe('12,34,567');
  });

  it('writes the 24 h change and funding rate as locale percentages', () => {
    const en = createFeedFormat('en', 2, 4);
    expect(en.change('0.01243')).toBe('+1.24%');
    expect(en.change('0')).toBe('0.00%');
    expect(en.funding('0.0001')).toBe('0.0100%');
    expect(createFeedFormat('fr', 2, 4).change('-0.5')).toBe('-50,00\u00a0%');
  });

  it('writes times as local HH:mm:ss', () => {
    const format = createFeedFormat('en', 2, 4);
    const ts = new Date(2025, 0, 15, 7, 3, 9, 450).getTime();
    expect(format.time(ts)).toBe('07:03:09');
    expect(format.time(ts + 500)).toBe('07:03:09');
    expect(format.time(ts + 600)).toBe('07:03:10');
  });
});
