import { describe, expect, it } from 'vitest';
import { notionalOf } from '../../../../gateway/market/matching';
import { feeOf } from '../../../../gateway/trading/trade-fees';

describe('fees', () => {
  it('charges the rate on the value, rounded up to the quote precision', () => {
    // 0.25 BTC at 68,000.00 = 17,000 USDT; 0.1 % = 17 USDT, at 8 quote places.
    const value = notionalOf({ price: 6_800_000n, size: 250_000n });
    expect(feeOf(value, 8, '0.001', 8)).toBe(1_700_000_000n);
    // 0.000001 BTC at 0.01 = 0.00000001 USDT; 0.1 % of it rounds up to one unit, never to nothing.
    expect(feeOf(1n, 8, '0.001', 8)).toBe(1n);
    expect(feeOf(0n, 8, '0.001', 8)).toBe(0n);
    expect(feeOf(5n, 2, '0.5', 4)).toBe(250n);
    expect(() => feeOf(1n, 2, '-0.1', 2)).toThrow(RangeError);
  });
});
