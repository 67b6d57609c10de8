import { describe, expect, it } from 'vitest';
import {
  btcFigure,
  usdtFigure,
  usdtPrices,
  usdtValueOf,
  VALUE_PLACES,
  coinValue,
} from '../../../../gateway/asset/valuation';
import { MAJOR_SPOT } from '../../../../gateway/market/major-instruments';
import { unitsOf } from '../../../../gateway/money/money-units';

/** Prices in each pair's units: BTCUSDT 50,000.00, ETHUSDT none yet, BGBUSDT 4.5200, USDTBRL 5.480. */
const TICKS: Record<string, string> = { BTCUSDT: '50000.00', ETHUSDT: '0', BGBUSDT: '4.5200', USDTBRL: '5.480' };
const prices = usdtPrices(MAJOR_SPOT, (spec) => unitsOf(TICKS[spec.symbol]!, spec.pricePlace));
const money = (text: string) => unitsOf(text, 8);
const value = (text: string) => unitsOf(text, VALUE_PLACES);

describe('usdtPrices', () => {
  it('prices USDT at 1, a coin at its COINUSDT pair, a coin quoted against USDT at the inverse, anything else at 0', () => {
    expect(prices('USDT')).toEqual({ num: 1n, den: 1n });
    expect(prices('BTC')).toEqual({ num: 5_000_000n, den: 100n });
    expect(prices('BGB')).toEqual({ num: 45_200n, den: 10_000n });
    expect(prices('BRL')).toEqual({ num: 1000n, den: 5480n });
    expect(prices('ETH')).toEqual({ num: 0n, den: 1n });
    expect(prices('DOGE')).toEqual({ num: 0n, den: 1n });
  });
});

describe('coinValue and usdtFigure', () => {
  it('values a balance at its price and shows it with 4 decimals', () => {
    expect(usdtFigure(coinValue(money('0.5'), prices('BTC')))).toBe('25000.0000');
    expect(usdtFigure(coinValue(money('10.0001'), prices('BGB')))).toBe('45.2005');
    // 100 / 5.48 = 18.248175182…, kept exact past the figure before it is rounded.
    expect(usdtFigure(coinValue(money('100'), prices('BRL')))).toBe('18.2482');
    expect(usdtFigure(coinValue(money('3'), prices('ETH')))).toBe('0.0000');
    expect(usdtFigure(usdtValueOf(money('-12.34567891')))).toBe('-12.3457');
  });

  it('rounds half away from zero on both sides', () => {
    expect(usdtFigure(value('0.00005'))).toBe('0.0001');
    expect(usdtFigure(value('-0.00005'))).toBe('-0.0001');
    expect(usdtFigure(value('0.000049999999'))).toBe('0.0000');
    expect(usdtFigure(value('1.23455'))).toBe('1.2346');
  });

  it('sums exact values and rounds once, so parts that each round down can add up to a unit more', () => {
    const part = coinValue(money('0.00004'), prices('USDT'));
    expect(usdtFigure(part)).toBe('0.0000');
    expect(usdtFigure(part + part)).toBe('0.0001');
  });
});

describe('btcFigure', () => {
  it('divides a USDT value by the BTC price and shows 8 decimals, half away from zero', () => {
    const btc = prices('BTC');
    expect(btcFigure(value('1'), btc)).toBe('0.00002000');
    expect(btcFigure(value('20000'), btc)).toBe('0.40000000');
    // 0.00025 USDT is 5 × 10^-9 BTC: exactly half a unit of the last place.
    expect(btcFigure(value('0.00025'), btc)).toBe('0.00000001');
    expect(btcFigure(value('-0.00025'), btc)).toBe('-0.00000001');
    expect(btcFigure(value('0.00024'), btc)).toBe('0.00000000');
  });

  it('shows 0 when BTC has no price', () => {
    expect(btcFigure(value('100'), { num: 0n, den: 1n })).toBe('0.00000000');
  });
});
