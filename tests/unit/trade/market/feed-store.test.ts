import { describe, expect, it, vi } from 'vitest';
import { resyncingDepth } from '../../../../engine/market/book-depth';
import type { TradeFrame, TradeRowView } from '../../../../engine/market/trade-frame';
import { FeedStore, TAPE_ROWS } from '../../../../src/trade/market/feed-store';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

function frame(patch: Partial<TradeFrame>): TradeFrame {
  return {
    n: 1,
    connection: 'live',
    book: null,
    trades: null,
    ticker: null,
    candles: null,
    latestTs: 0,
    counters: ZERO_COUNTERS,
    ack: false,
    ...patch,
  };
}

function trade(id: number): TradeRowView {
  return { id: String(id), price: '1.00', size: '2', time: '12:00:00', side: id % 2 ? 'buy' : 'sell' };
}

const BOOK = {
  status: 'live' as const,
  bids: [['1.00', '1', '1', 1] as const],
  asks: [['1.01', '1', '1', 1] as const],
  spread: '0.01',
  step: '0.01',
};

describe('FeedStore.apply', () => {
  it('wakes only the panels whose part changed', () => {
    const store = new FeedStore();
    const onBook = vi.fn();
    const onTrades = vi.fn();
    store.subscribe('book', onBook);
    store.subscribe('trades', onTrades);
    store.apply(frame({ book: BOOK }));
    expect(onBook).toHaveBeenCalledTimes(1);
    expect(onTrades).not.toHaveBeenCalled();
    store.apply(frame({ trades: { reset: true, rows: [trade(1)] } }));
    expect(onBook).toHaveBeenCalledTimes(1);
    expect(onTrades).toHaveBeenCalledTimes(1);
  });

  it('keeps a part that a frame leaves null, identity and all', () => {
    const store = new FeedStore();
    store.apply(frame({ book: BOOK }));
    const before = store.snapshot.book;
    store.apply(frame({ trades: { reset: true, rows: [trade(1)] } }));
    expect(store.snapshot.book).toBe(before);
  });

  it('puts new trades on top, replaces the tape on reset and keeps at most the tape length', () => {
    const store = new FeedStore();
    store.apply(frame({ trades: { reset: true, rows: [trade(2), trade(1)] } }));
    store.apply(frame({ trades: { reset: false, rows: [trade(4), trade(3)] } }));
    expect(store.snapshot.trades.map((row) => row.id)).toEqual(['4', '3', '2', '1']);
    store.apply(
      frame({ trades: { reset: false, rows: Array.from({ length: TAPE_ROWS + 5 }, (_, i) => trade(100 + i)) } }),
    );
    expect(store.snapshot.trades).toHaveLength(TAPE_ROWS);
    expect(store.snapshot.trades[0]?.id).toBe('100');
    store.apply(frame({ trades: { reset: true, rows: [trade(9)] } }));
    expect(store.snapshot.trades.map((row) => row.id)).toEqual(['9']);
  });

  it('reports connection changes once, and wakes the chart for every candle part, even an equal one', () => {
    const store = new FeedStore();
    const onConnection = vi.fn();
    const onCandles = vi.fn();
    store.subscribe('connection', onConnection);
    store.subscribe('candles', onCandles);
    store.apply(frame({ connection: 'reconnecting' }));
    store.apply(frame({ connection: 'reconnecting' }));
    expect(onConnection).toHaveBeenCalledTimes(1);
    store.apply(frame({ candles: { channel: 'candle1m', reset: true, bars: [] } }));
    store.apply(frame({ candles: { channel: 'candle1m', reset: false, bars: [] } }));
    expect(onCandles).toHaveBeenCalledTimes(2);
  });

  it('hands each frame newest stream time to the latency probe, and reset forgets everything', () => {
    const store = new FeedStore();
    const probe = vi.fn();
    store.onApplied = probe;
    store.apply(frame({ book: BOOK, latestTs: 1234 }));
    expect(probe).toHaveBeenCalledWith(1234);
    store.reset();
    expect(store.snapshot.book).toBeNull();
    expect(store.snapshot.connection).toBe('connecting');
  });
});

describe('FeedStore depth', () => {
  const DEPTH = { ...resyncingDepth(), status: 'live' as const };

  it('wakes only the depth listeners with a new depth, and forgets it on reset', () => {
    const store = new FeedStore();
    const depth = vi.fn();
    const book = vi.fn();
    store.subscribe('depth', depth);
    store.subscribe('book', book);
    store.applyDepth(DEPTH);
    expect(store.snapshot.depth).toBe(DEPTH);
    expect(depth).toHaveBeenCalledTimes(1);
    expect(book).not.toHaveBeenCalled();
    store.reset();
    expect(store.snapshot.depth).toBeNull();
  });

  it('tells whether a depth chart is shown, counting each once however often it goes', () => {
    const store = new FeedStore();
    const changed = vi.fn();
    store.subscribeDepthShown(changed);
    const first = store.showDepth();
    const second = store.showDepth();
    expect(store.isDepthShown).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);
    first();
    first();
    expect(store.isDepthShown).toBe(true);
    second();
    expect(store.isDepthShown).toBe(false);
    expect(changed).toHaveBeenCalledTimes(2);
    // A new symbol keeps the chart on screen.
    store.showDepth();
    store.reset();
    expect(store.isDepthShown).toBe(true);
  });
});
