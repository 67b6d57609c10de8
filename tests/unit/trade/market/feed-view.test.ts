import { describe, expect, it } from 'vitest';
import type { TradeFeedView } from '../../../../engine/market/trade-frame';
import { feedViewOf } from '../../../../src/trade/market/use-trade-feed';

const VIEW: TradeFeedView = { intl: 'en', groupStep: '0.1', depthRows: 14, candleChannel: 'candle15m' };

describe('feedViewOf', () => {
  it("is the page's view while the book shows both sides and the chart its candles", () => {
    expect(feedViewOf(VIEW, 'both', false)).toBe(VIEW);
  });

  it('asks twice the rows for a book showing one side, so it keeps its height', () => {
    expect(feedViewOf(VIEW, 'bids', false)).toEqual({ ...VIEW, depthRows: 28 });
    expect(feedViewOf(VIEW, 'asks', false).depthRows).toBe(28);
    expect(feedViewOf({ ...VIEW, depthRows: 150 }, 'asks', false).depthRows).toBe(200);
  });

  it('subscribes no K-lines while the depth chart shows', () => {
    expect(feedViewOf(VIEW, 'both', true)).toEqual({ ...VIEW, candleChannel: null });
    expect(feedViewOf({ ...VIEW, candleChannel: null }, 'both', true).candleChannel).toBeNull();
  });
});
