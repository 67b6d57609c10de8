import { describe, expect, it } from 'vitest';
import { readCandle, readMillis, readTicker, readTrade } from '../../../../engine/market/stream-rows';

const SPOT_ROW = {
  instId: 'ETHUSDT',
  lastPr: '3000.12',
  change24h: '-0.0123',
  high24h: '3050',
  low24h: '2950',
  baseVolume: '12.5',
  quoteVolume: '37500',
};
const FUTURES_ROW = {
  ...SPOT_ROW,
  markPrice: '3000.2',
  indexPrice: '3000.1',
  fundingRate: '-0.000100',
  nextFundingTime: '1736956800000',
};

describe('readMillis', () => {
  it('reads digit strings and safe integers, nothing else', () => {
    expect(readMillis('1736956800000')).toBe(1736956800000);
    expect(readMillis(42)).toBe(42);
    for (const bad of ['1e12', '-1', '', 1.5, -3, null, '12345678901234567']) expect(readMillis(bad)).toBeNaN();
  });
});

describe('readTicker', () => {
  it('reads a spot row and ignores futures fields', () => {
    const { instId: _, ...fields } = SPOT_ROW;
    expect(readTicker(FUTURES_ROW, 'ETHUSDT', false)).toEqual({ ...fields, futures: null });
  });

  it('requires mark, index, funding rate and next funding time on a futures row', () => {
    expect(readTicker(FUTURES_ROW, 'ETHUSDT', true)?.futures).toEqual({
      markPrice: '3000.2',
      indexPrice: '3000.1',
      fundingRate: '-0.000100',
      nextFundingTime: 1736956800000,
    });
    expect(readTicker({ ...FUTURES_ROW, fundingRate: 'NaN' }, 'ETHUSDT', true)).toBeNull();
    expect(readTicker(SPOT_ROW, 'ETHUSDT', true)).toBeNull();
  });

  it('refuses another symbol, exponents, negatives and non-objects', () => {
    expect(readTicker(SPOT_ROW, 'BTCUSDT', false)).toBeNull();
    expect(readTicker({ ...SPOT_ROW, lastPr: '3e3' }, 'ETHUSDT', false)).toBeNull();
    expect(readTicker({ ...SPOT_ROW, low24h: '-1' }, 'ETHUSDT', false)).toBeNull();
    expect(readTicker({ ...SPOT_ROW, baseVolume: 12.5 }, 'ETHUSDT', false)).toBeNull();
    expect(readTicker([SPOT_ROW], 'ETHUSDT', false)).toBeNull();
  });
});

describe('readTrade', () => {
  const row = { ts: '1736956800123', price: '3000.12', size: '0.5', side: 'sell', tradeId: '1234567890' };

  it('reads a trade row of the stream', () => {
    expect(readTrade(row)).toEqual({
      id: '1234567890',
      price: '3000.12',
      size: '0.5',
      side: 'sell',
      ts: 1736956800123,
    });
  });

  it('refuses an unknown side, a zero size, a bad id or a bad time', () => {
    for (const bad of [
      { side: 'short' },
      { size: '0' },
      { tradeId: '<script>' },
      { tradeId: '' },
      { ts: 'yesterday' },
      { price: '' },
    ]) {
      expect(readTrade({ ...row, ...bad })).toBeNull();
    }
  });
});

describe('readCandle', () => {
  it('reads a stream candle as a chart bar in seconds', () => {
    expect(readCandle(['1736956800000', '1', '3', '0.5', '2', '10', '20', '20'])).toEqual({
      time: 1736956800,
      open: 1,
      high: 3,
      low: 0.5,
      close: 2,
      volume: 10,
    });
  });

  it('refuses a bar whose high or low does not bound it, and short or non-string rows', () => {
    expect(readCandle(['60000', '1', '0.9', '0.5', '0.8', '1'])).toBeNull();
    expect(readCandle(['60000', '1', '2', '1.1', '1.5', '1'])).toBeNull();
    expect(readCandle(['60000', '1', '2', '1'])).toBeNull();
    expect(readCandle(['60000', 1, 2, 1, 1.5, 1])).toBeNull();
  });
});
