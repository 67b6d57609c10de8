/** The feed's frame building (FrameBuilder) as a screen sees it through TradeFeed: formatted ticker and candles, unchanged parts left out, a new language. */
import { describe, expect, it } from 'vitest';
import { PACE_GRACE_MS, PAGE_CANDLES_MS, PAGE_TICKER_MS } from '../../../../engine/market/page-pacing';
import type { TradeFrame } from '../../../../engine/market/trade-frame';
import { FUTURES, VIEW, liveFeed, spotTicker, futuresTicker, trade, candle } from './trade-feed-support';

describe('TradeFeed ticker', () => {
  it('formats the spot ticker with the 24 h change as a signed percent', () => {
    let now = 0;
    const { push, frame } = liveFeed({ now: () => now });
    push('ticker', 'snapshot', [spotTicker()]);
    expect(frame()?.ticker).toEqual({
      last: '100.6',
      lastRaw: '100.55',
      change24h: '+1.24%',
      direction: 1,
      high24h: '101.2',
      low24h: '98.7',
      volume24h: '1.23K',
      turnover24h: '123.46M',
    });
    now += PAGE_TICKER_MS;
    push('ticker', 'snapshot', [spotTicker({ change24h: '-0.005' })]);
    expect(frame()?.ticker).toMatchObject({ change24h: '-0.50%', direction: -1 });
  });

  it('adds mark, index, funding rate and next funding time for futures', () => {
    const { push, frame } = liveFeed({ target: FUTURES, meta: { pricePlace: 2, volumePlace: 4 } });
    push('ticker', 'snapshot', [futuresTicker()]);
    expect(frame()?.ticker).toMatchObject({
      last: '100.55',
      markPrice: '100.57',
      markRaw: '100.57',
      indexPrice: '100.52',
      fundingRate: '0.0125%',
      nextFundingTime: 1736956800000,
    });
  });

  it('drops a futures ticker without its mark price', () => {
    const { push, frame } = liveFeed({ target: FUTURES });
    push('ticker', 'snapshot', [futuresTicker({ markPrice: undefined })]);
    const next = frame();
    expect(next?.ticker).toBeNull();
    expect(next?.counters.dropped).toBe(1);
  });
});

describe('TradeFeed candles', () => {
  const view = { ...VIEW, candleChannel: 'candle1m' };

  it('sends the history on the snapshot, then only the live bar and a rollover', () => {
    let now = 0;
    const { push, frame: nextFrame, timers } = liveFeed({ view, now: () => now });
    // The live bar is paced (PAGE_CANDLES_MS): each step here waits for it.
    const frame = () => {
      now += PAGE_CANDLES_MS;
      timers.fire(PAGE_CANDLES_MS + PACE_GRACE_MS);
      return nextFrame();
    };
    push('candle1m', 'snapshot', [candle(120_000, '2', '3', '1', '2.5'), candle(60_000, '1', '2', '1', '2')]);
    expect(frame()?.candles).toEqual({
      channel: 'candle1m',
      reset: true,
      bars: [
        { time: 60, open: 1, high: 2, low: 1, close: 2, volume: 1.5 },
        { time: 120, open: 2, high: 3, low: 1, close: 2.5, volume: 1.5 },
      ],
    });
    push('candle1m', 'update', [candle(120_000, '2', '3.5', '1', '3.4')]);
    push('candle1m', 'update', [candle(120_000, '2', '3.5', '1', '3.3')]);
    expect(frame()?.candles).toEqual({
      channel: 'candle1m',
      reset: false,
      bars: [{ time: 120, open: 2, high: 3.5, low: 1, close: 3.3, volume: 1.5 }],
    });
    push('candle1m', 'update', [candle(120_000, '2', '3.5', '1', '3.2'), candle(180_000, '3.2', '3.2', '3.2', '3.2')]);
    expect(frame()?.candles?.bars.map((b) => [b.time, b.close])).toEqual([
      [120, 3.2],
      [180, 3.2],
    ]);
    // A bar older than the newest cannot be drawn: dropped and counted.
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '2')]);
    const next = frame();
    expect(next?.candles).toBeNull();
    expect(next?.counters.dropped).toBe(1);
  });

  it('switching the interval unsubscribes the old channel, subscribes the new one and resets the chart', () => {
    const { feed, push, frame, socket, arg } = liveFeed({ view });
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    frame();
    const sentBefore = socket().ops().length;
    feed.setView({ ...view, candleChannel: 'candle5m' });
    expect(socket().ops().slice(sentBefore)).toEqual([
      { op: 'unsubscribe', args: [arg('candle1m')] },
      { op: 'subscribe', args: [arg('candle5m')] },
    ]);
    expect(frame()?.candles).toEqual({ channel: 'candle5m', reset: true, bars: [] });
    push('candle5m', 'snapshot', [candle(300_000, '1', '2', '1', '2')]);
    expect(frame()?.candles).toMatchObject({ channel: 'candle5m', reset: true, bars: [{ time: 300 }] });
  });
});

describe('TradeFeed frames', () => {
  it('leaves unchanged parts null', () => {
    const { push, frame, server } = liveFeed({ view: { ...VIEW, depthRows: 2 } });
    push('ticker', 'snapshot', [spotTicker()]);
    const tickerOnly = frame();
    expect(tickerOnly).toMatchObject({ book: null, trades: null, candles: null });
    expect(tickerOnly?.ticker).not.toBeNull();
    // An update below the rows shown changes nothing on screen.
    push('books', 'update', [server.update({ bids: [['90.1', '1.0000']] })]);
    push('ticker', 'snapshot', [spotTicker()]);
    expect(frame()).toBeUndefined();
  });

  it('re-sends every figure in the new language when intl changes', () => {
    const { feed, push, frame } = liveFeed({ meta: { pricePlace: 1, volumePlace: 4 } });
    push('trade', 'snapshot', [trade(1, '1234.5', '1', 'buy', 1000)]);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '1234.5' })]);
    frame();
    feed.setView({ ...VIEW, intl: 'fr' });
    const next = frame() as TradeFrame;
    expect(next.trades).toMatchObject({ reset: true, rows: [{ price: '1\u202f234,5', size: '1,0000' }] });
    expect(next.ticker?.last).toBe('1\u202f234,5');
    expect(next.book?.bids[0][0]).toBe('100,5');
  });
});
