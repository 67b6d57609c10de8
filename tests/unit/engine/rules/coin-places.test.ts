import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinPlacesOf, toCoinPlaces } from '../../../../engine/rules/coin-places';

describe('coinPlacesOf', () => {
  it('gives money coins their own precision and other coins their size places', () => {
    expect(coinPlacesOf('USDT', 8)).toBe(4);
    expect(coinPlacesOf('USDC', 6)).toBe(4);
    expect(coinPlacesOf('BRL', 5)).toBe(2);
    expect(coinPlacesOf('BTC', 6)).toBe(6);
    expect(coinPlacesOf('toString', 3)).toBe(3);
  });
});

describe('toCoinPlaces', () => {
  it.each([
    ['10000.00000000', 4, '10000.0000'],
    ['9999.99999999', 4, '9999.9999'],
    ['0.2', 6, '0.200000'],
    ['12', 2, '12.00'],
    ['12.5', 0, '12'],
    ['-1.23456', 2, '-1.23'],
    ['-0.00001', 4, '0.0000'],
    ['1.', 2, '1.00'],
  ])('cuts %s to %i places: %s', (value, places, shown) => {
    expect(toCoinPlaces(value, places)).toBe(shown);
  });

  it('leaves what is not a plain decimal for the caller', () => {
    expect(toCoinPlaces('--', 4)).toBe('--');
    expect(toCoinPlaces('1e5', 4)).toBe('1e5');
  });

  it('never shows a balance larger than it is, and never more than a step below it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }), (units, places) => {
        const text = `${units / 10n ** 8n}.${String(units % 10n ** 8n).padStart(8, '0')}`;
        const shown = toCoinPlaces(text, places);
        const shownUnits = BigInt(shown.replace('.', '')) * 10n ** BigInt(8 - places);
        expect(shownUnits <= units).toBe(true);
        expect(units - shownUnits < 10n ** BigInt(8 - places)).toBe(true);
      }),
    );
  });
});
