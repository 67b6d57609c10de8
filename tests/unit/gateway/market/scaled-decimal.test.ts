import { describe, expect, it } from 'vitest';
import { formatRatio, formatScaled, parseScaled } from '../../../../gateway/market/scaled-decimal';

describe('formatScaled', () => {
  it('pads to the precision and never shows float artefacts', () => {
    expect(formatScaled(30, 2)).toBe('0.30');
    expect(formatScaled(6800050, 2)).toBe('68000.50');
    expect(formatScaled(5, 4)).toBe('0.0005');
    expect(formatScaled(-5, 1)).toBe('-0.5');
    expect(formatScaled(12345678901234567890n, 8)).toBe('123456789012.34567890');
    expect(formatScaled(7, 0)).toBe('7');
  });
});

describe('parseScaled', () => {
  it('reads decimal strings into integer units and refuses too many decimals', () => {
    expect(parseScaled('0.1', 2) + parseScaled('0.2', 2)).toBe(30);
    expect(parseScaled('68000', 1)).toBe(680000);
    expect(() => parseScaled('1.234', 2)).toThrow();
    expect(() => parseScaled('1e5', 2)).toThrow();
  });
});

describe('formatRatio', () => {
  it('rounds half away from zero with integers only', () => {
    expect(formatRatio(69, 100000, 5)).toBe('0.00069');
    expect(formatRatio(1, 3, 5)).toBe('0.33333');
    expect(formatRatio(-1, 3, 5)).toBe('-0.33333');
    expect(formatRatio(1, 200000, 5)).toBe('0.00001');
    expect(formatRatio(5, 0, 5)).toBe('0.00000');
  });
});
