import { describe, expect, it } from 'vitest';
import { decimalSign, isDecimalString } from '../../../../engine/format/decimal-string';

describe('isDecimalString', () => {
  it('accepts plain decimals as the market API sends them', () => {
    for (const v of ['0', '0.5000', '-12', '43231.1', '000.1']) expect(isDecimalString(v)).toBe(true);
  });
  it('rejects exponents, blanks, numbers and oversized strings', () => {
    for (const v of ['1e5', '', ' 1', '1.', '.5', '+1', 'NaN', 'Infinity', 1, null, '1'.repeat(65)])
      expect(isDecimalString(v)).toBe(false);
  });
});

describe('decimalSign', () => {
  it('reads the sign without parsing to a float', () => {
    expect(decimalSign('0.000')).toBe(0);
    expect(decimalSign('-0.000')).toBe(0);
    expect(decimalSign('-0.001')).toBe(-1);
    expect(decimalSign('12')).toBe(1);
  });
});
