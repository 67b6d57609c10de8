import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isZeroDecimal,
  MAX_INTEGER_DIGITS,
  numericValue,
  sanitizeNumericInput,
} from '../../../../engine/rules/numeric-input';

describe('sanitizeNumericInput (spec §5)', () => {
  it('turns a full-width period into a dot', () => {
    expect(sanitizeNumericInput('12．5', 2)).toBe('12.5');
  });

  it('strips everything but digits, dots and spaces', () => {
    expect(sanitizeNumericInput('1a2,3-4e5$', 2)).toBe('12345');
    expect(sanitizeNumericInput('<script>1</script>', 2)).toBe('1');
    expect(sanitizeNumericInput('1 000.5', 2)).toBe('1 000.5');
    expect(sanitizeNumericInput('-5', 2)).toBe('5');
    expect(sanitizeNumericInput('１２', 2)).toBe('');
  });

  it('makes two or more leading zeros one 0', () => {
    expect(sanitizeNumericInput('000.5', 4)).toBe('0.5');
    expect(sanitizeNumericInput('00', 4)).toBe('0');
    expect(sanitizeNumericInput('007', 4)).toBe('07');
    expect(sanitizeNumericInput('0.5', 4)).toBe('0.5');
  });

  it('keeps only the first dot', () => {
    expect(sanitizeNumericInput('1.2.3', 4)).toBe('1.23');
    expect(sanitizeNumericInput('..5', 4)).toBe('.5');
  });

  it('keeps at most 20 integer digits and the given decimals', () => {
    expect(sanitizeNumericInput('1'.repeat(25), 2)).toBe('1'.repeat(20));
    expect(sanitizeNumericInput('1.23456', 2)).toBe('1.23');
    expect(sanitizeNumericInput('1.23456', 0)).toBe('1');
    expect(sanitizeNumericInput('12.', 2)).toBe('12.');
  });

  it('refuses a decimals count that is not a whole number ≥ 0', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => sanitizeNumericInput('1', bad)).toThrow(RangeError);
  });

  it('always gives digits, at most one dot, bounded parts, and is stable when applied again', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 0, max: 18 }), (typed, decimals) => {
        const once = sanitizeNumericInput(typed, decimals);
        expect(once).toMatch(/^[0-9 ]*(\.[0-9 ]*)?$/);
        const [integer, fraction = ''] = once.split('.');
        expect(integer.replaceAll(' ', '').length).toBeLessThanOrEqual(MAX_INTEGER_DIGITS);
        expect(fraction.replaceAll(' ', '').length).toBeLessThanOrEqual(decimals);
        expect(integer.startsWith('00')).toBe(false);
        expect(sanitizeNumericInput(once, decimals)).toBe(once);
      }),
    );
  });
});

describe('numericValue', () => {
  it('gives the number to send, or null while none is typed yet', () => {
    expect(numericValue('1 000.50')).toBe('1000.50');
    expect(numericValue('12.')).toBe('12');
    expect(numericValue('')).toBeNull();
    expect(numericValue('.')).toBeNull();
    expect(numericValue('.5')).toBe('0.5');
    expect(numericValue('1.2.3')).toBeNull();
  });
});

describe('isZeroDecimal', () => {
  it('is true for zero at any number of places and false for anything else', () => {
    for (const zero of ['0', '0.', '0.0', '0.00000000']) expect(isZeroDecimal(zero)).toBe(true);
    for (const other of ['', '00', '0.01', '10', '-0', '0.0.0', ' 0', '1e-9']) expect(isZeroDecimal(other)).toBe(false);
  });
});
