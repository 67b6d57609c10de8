import { describe, expect, it } from 'vitest';
import { estimateFee, feeRatePercent, likelyLiquidity } from '../../../../engine/rules/order-fee';

const order = (patch: Partial<Parameters<typeof likelyLiquidity>[0]>) => ({
  type: 'limit' as const,
  side: 'buy' as const,
  price: '100',
  lastPrice: '101',
  postOnly: false,
  ...patch,
});

describe('likelyLiquidity', () => {
  it('takes for a market order and makes for a post-only limit', () => {
    expect(likelyLiquidity(order({ type: 'market' }))).toBe('taker');
    expect(likelyLiquidity(order({ price: '200', postOnly: true }))).toBe('maker');
  });

  it('takes for a limit that crosses the last price, makes for one that rests', () => {
    expect(likelyLiquidity(order({ price: '100' }))).toBe('maker');
    expect(likelyLiquidity(order({ price: '101' }))).toBe('taker');
    expect(likelyLiquidity(order({ side: 'sell', price: '102' }))).toBe('maker');
    expect(likelyLiquidity(order({ side: 'sell', price: '101' }))).toBe('taker');
  });

  it('weighs a stop-limit against its trigger: the last price when it is placed', () => {
    // A buy stop at 110 with a limit of 112 crosses the asks when it triggers; with a limit of 105 it rests.
    expect(likelyLiquidity(order({ type: 'stop-limit', trigger: '110', price: '112' }))).toBe('taker');
    expect(likelyLiquidity(order({ type: 'stop-limit', trigger: '110', price: '110' }))).toBe('taker');
    expect(likelyLiquidity(order({ type: 'stop-limit', trigger: '110', price: '105' }))).toBe('maker');
    // A sell stop at 90: a limit of 88 takes, a limit of 95 rests; the last price (101) plays no part.
    expect(likelyLiquidity(order({ type: 'stop-limit', side: 'sell', trigger: '90', price: '88' }))).toBe('taker');
    expect(likelyLiquidity(order({ type: 'stop-limit', side: 'sell', trigger: '90', price: '95' }))).toBe('maker');
    // Post-only is a limit order's option; the form does not send it with a stop-limit.
    expect(likelyLiquidity(order({ type: 'stop-limit', trigger: '110', price: '112', postOnly: true }))).toBe('taker');
  });

  it('makes while the prices are unknown', () => {
    expect(likelyLiquidity(order({ type: 'stop-limit', price: '200' }))).toBe('maker');
    expect(likelyLiquidity(order({ type: 'stop-limit', trigger: '', price: '200' }))).toBe('maker');
    expect(likelyLiquidity(order({ lastPrice: null, price: '200' }))).toBe('maker');
  });
});

describe('estimateFee', () => {
  it('is price × size × rate rounded up to the places', () => {
    expect(estimateFee('64250.5', '0.01', '0.001', 2)).toBe('0.65');
    expect(estimateFee('100', '1', '0.0002', 2)).toBe('0.02');
    expect(estimateFee('100', '0.001', '0.0002', 2)).toBe('0.01');
    expect(estimateFee('100', '0', '0.001', 2)).toBe('0.00');
  });

  it('is null while the price or the size is not a number', () => {
    expect(estimateFee('', '1', '0.001', 2)).toBeNull();
    expect(estimateFee('100', '', '0.001', 2)).toBeNull();
  });
});

describe('feeRatePercent', () => {
  it('writes a rate as an exact percent', () => {
    expect(feeRatePercent('0.0006')).toBe('0.06');
    expect(feeRatePercent('0.001')).toBe('0.1');
    expect(feeRatePercent('x')).toBeNull();
  });
});
