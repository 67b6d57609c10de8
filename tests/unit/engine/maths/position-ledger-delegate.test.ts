import { describe, expect, it } from 'vitest';
import { computeLedgerRows, type LedgerInput, prepareLedger } from '../../../../engine/maths/position-ledger';

/** A cross one-way long of 1 BTC at 60,000 on a 10,000 USDT wallet (mm 0.004, taker fee 0.0006). */
function ledger(extra: { totalDelegateValue?: string; positionMode?: number } = {}): LedgerInput {
  return {
    positions: [
      {
        id: 'BTCUSDT:long',
        symbol: 'BTCUSDT',
        marginCoin: 'USDT',
        businessLine: 10,
        marginMode: 2,
        positionMode: extra.positionMode ?? 1,
        position: {
          position: 1,
          businessLine: 10,
          marginMode: 2,
          positionsCount: '1',
          positionsOpenAvgPrice: '60000',
          positionsOpenMarginCount: '6000',
          positionsLevel: '10',
        },
        pricePlace: 1,
        sizePlace: 4,
        tiers: [['0', '1000000', '0.004', '125']],
        feeRate: '0.0006',
        totalDelegateValue: extra.totalDelegateValue,
      },
    ],
    crossWallet: { USDT: { equity: '10000', unrealizedPL: '0' } },
  };
}

const liquidation = (input: LedgerInput, exact = true) =>
  computeLedgerRows(prepareLedger(input), { marks: { BTCUSDT: '60000' } }, { exact })[0]!.liquidation;

describe('cross liquidation price with open opening orders (maths contract R)', () => {
  // By hand: X = 10000, rate = mm + fee = 0.0046, denominator = 1 · 0.0046 − 1 = −0.9954.
  // No orders: LP = (10000 − 60000) / −0.9954 = 50231.0628… → 50231.1.
  // An opening buy of 0.2 @ 60000 (value 12000): R = 12000 · 0.0046 = 55.2,
  // LP = (10000 − 55.2 − 60000) / −0.9954 = 50286.5179… → 50286.5.
  it('moves up when an opening order is added, on both the exact and the decimal path', () => {
    expect(liquidation(ledger())).toBe('50231.1');
    expect(liquidation(ledger({ totalDelegateValue: '12000' }))).toBe('50286.5');
    expect(liquidation(ledger({ totalDelegateValue: '12000' }), false)).toBe('50286.5');
  });

  it('does not count orders in hedge mode (R is cross one-way only)', () => {
    expect(liquidation(ledger({ totalDelegateValue: '12000', positionMode: 2 }))).toBe('50231.1');
  });
});
