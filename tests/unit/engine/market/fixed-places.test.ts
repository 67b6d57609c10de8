import { describe, expect, it } from 'vitest';
import { toFixedPlaces } from '../../../../engine/market/fixed-places';

describe('toFixedPlaces', () => {
  it('keeps a figure already at the places as it is', () => {
    expect(toFixedPlaces('43231.1', 1)).toBe('43231.1');
    expect(toFixedPlaces('12', 0)).toBe('12');
  });

  it('pads with zeros up to the places', () => {
    expect(toFixedPlaces('3', 2)).toBe('3.00');
    expect(toFixedPlaces('0.5', 4)).toBe('0.5000');
  });

  it('rounds half away from zero on the string, carrying across digits', () => {
    expect(toFixedPlaces('1.005', 2)).toBe('1.01');
    expect(toFixedPlaces('1.004', 2)).toBe('1.00');
    expect(toFixedPlaces('99.995', 2)).toBe('100.00');
    expect(toFixedPlaces('9.5', 0)).toBe('10');
    expect(toFixedPlaces('-2.345', 2)).toBe('-2.35');
    // Beyond what a double holds exactly.
    expect(toFixedPlaces('12345678901234567.895', 2)).toBe('12345678901234567.90');
  });

  it('drops leading zeros and never writes a negative zero', () => {
    expect(toFixedPlaces('0100.5', 0)).toBe('101');
    expect(toFixedPlaces('00.25', 1)).toBe('0.3');
    expect(toFixedPlaces('-0.001', 2)).toBe('0.00');
  });
});
