import fc from 'fast-check';
import DecimalBase from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  currencyPlacesOf,
  displayCurrencyOf,
  multiplyDecimal,
  valuationSettingOf,
  valuationUnitOf,
} from '../../../../engine/rules/valuation';

// Enough significant digits for any product of the inputs below: the reference must not round first.
const Decimal = DecimalBase.clone({ precision: 80 });

describe('valuation unit setting', () => {
  it('reads 1 as BTC and 2 as USDT, and any other stored number as the default BTC', () => {
    expect(valuationUnitOf(1)).toBe('BTC');
    expect(valuationUnitOf(2)).toBe('USDT');
    for (const stored of [0, 3, 99, -1, Number.NaN]) expect(valuationUnitOf(stored)).toBe('BTC');
    expect(valuationUnitOf(valuationSettingOf('USDT'))).toBe('USDT');
    expect(valuationUnitOf(valuationSettingOf('BTC'))).toBe('BTC');
  });
});

describe('display currency', () => {
  it('follows the locale until the user picks one, then keeps the pick in every locale', () => {
    expect(displayCurrencyOf('CNY', false, 'ja')).toBe('JPY');
    expect(displayCurrencyOf('CNY', false, 'de')).toBe('EUR');
    expect(displayCurrencyOf('CNY', false, 'en')).toBe('USD');
    expect(displayCurrencyOf('KRW', true, 'ja')).toBe('KRW');
  });

  it('ignores a chosen value that is not one of the 13 currencies (a forged cookie)', () => {
    expect(displayCurrencyOf('GBP', true, 'en')).toBe('USD');
    expect(displayCurrencyOf('__proto__', true, 'ja')).toBe('JPY');
  });

  it('shows whole units for yen, won, dong and rupiah, cents for the rest', () => {
    expect(currencyPlacesOf('JPY')).toBe(0);
    expect(currencyPlacesOf('IDR')).toBe(0);
    expect(currencyPlacesOf('EUR')).toBe(2);
  });
});

describe('exact decimal conversion', () => {
  it('multiplies and rounds half away from zero without binary floats', () => {
    expect(multiplyDecimal('0.1', '0.2', 2)).toBe('0.02');
    expect(multiplyDecimal('1234.5678', '150', 0)).toBe('185185');
    expect(multiplyDecimal('0.005', '1', 2)).toBe('0.01');
    expect(multiplyDecimal('-0.005', '1', 2)).toBe('-0.01');
    expect(multiplyDecimal('-0.004', '1', 2)).toBe('0.00');
    expect(multiplyDecimal('99999999999.99999999', '25400', 0)).toBe('2540000000000000');
  });

  it('refuses text that is not a plain decimal', () => {
    expect(multiplyDecimal('1e3', '2', 8)).toBeNull();
    expect(multiplyDecimal('12,5', '2', 2)).toBeNull();
  });

  it('agrees with decimal.js on random amounts and rates', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), fc.integer({ min: 0, max: 10 }))
      .map(([units, places]) => new Decimal(units.toString()).div(new Decimal(10).pow(places)).toFixed(places));
    const positive = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, places]) => new Decimal(units.toString()).div(new Decimal(10).pow(places)).toFixed(places));
    fc.assert(
      fc.property(decimal, positive, fc.integer({ min: 0, max: 8 }), (amount, rate, places) => {
        const rounding = { rounding: Decimal.ROUND_HALF_UP } as const;
        const product = new Decimal(amount).mul(rate).toDecimalPlaces(places, rounding.rounding).toFixed(places);
        const clean = (text: string) => (/[1-9]/.test(text) ? text : text.replace('-', ''));
        expect(multiplyDecimal(amount, rate, places)).toBe(clean(product));
      }),
      { numRuns: 500 },
    );
  });
});
