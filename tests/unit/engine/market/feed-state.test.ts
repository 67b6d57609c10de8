/** The feed's book keeping (FeedState) as a screen sees it through TradeFeed: subscriptions, the book and its resync, the connection, the tape, hostile input. */
import { describe, expect, it } from 'vitest';
import type { TradeFrame } from '../../../../engine/market/trade-frame';
import {
  META,
  ServerBook,
  startFeed,
  VIEW,
  ASKS,
  BIDS,
  liveFeed,
  spotTicker,
  trade,
  candle,
} from './trade-feed-support';

describe('TradeFeed subscriptions', () => {
  it('subscribes ticker, books, trade and the chosen candle channel on one socket', () => {
    const { socket, sockets, arg } = startFeed({ view: { ...VIEW, candleChannel: 'candle1m' } });
    socket().open();
    expect(sockets).toHaveLength(1);
    expect(socket().ops()).toEqual([
      { op: 'subscribe', args: [arg('ticker'), arg('books'), arg('trade'), arg('candle1m')] },
    ]);
  });

  it('unsubscribes everything on close and sends no more frames', () => {
    const { feed, socket, push, frame, arg } = liveFeed();
    feed.close();
    const ops = socket().ops().slice(1);
    expect(ops.map((o) => o.op)).toEqual(['unsubscribe', 'unsubscribe', 'unsubscribe']);
    expect(ops.flatMap((o) => o.args)).toEqual([arg('ticker'), arg('books'), arg('trade')]);
    push('ticker', 'snapshot', [spotTicker()]);
    expect(frame()).toBeUndefined();
  });
});

describe('TradeFeed book', () => {
  it('turns a snapshot into formatted rows, best first, with totals, shares and the spread', () => {
    const { first } = liveFeed();
    expect(first?.connection).toBe('live');
    expect(first?.book).toEqual({
      status: 'live',
      bids: [
        ['100.5', '1.0000', '1.0000', 0.2],
        ['100.4', '2.0000', '3.0000', 0.6],
        ['100.2', '0.5000', '3.5000', 0.7],
      ],
      asks: [
        ['100.6', '1.5000', '1.5000', 0.3],
        ['100.8', '2.5000', '4.0000', 0.8],
        ['101.0', '1.0000', '5.0000', 1],
      ],
      spread: '0.1',
      step: '0.1',
    });
  });

  it('shows prices at the instrument places and sizes at its volume places, grouped for the language', () => {
    const harness = startFeed({ view: { ...VIEW, intl: 'de' }, meta: { pricePlace: 2, volumePlace: 3 } });
    harness.socket().open();
    const server = new ServerBook([['43231.1', '4']], [['43232.8', '1234.5']]);
    harness.push('books', 'snapshot', [server.snapshot()]);
    const book = harness.frame()?.book;
    expect(book?.bids[0].slice(0, 3)).toEqual(['43.231,10', '4,000', '4,000']);
    expect(book?.asks[0].slice(0, 3)).toEqual(['43.232,80', '1.234,500', '1.234,500']);
    expect(book?.spread).toBe('1,70');
  });

  it('merges updates: replaces, deletes and inserts levels', () => {
    const { server, push, frame } = liveFeed();
    push('books', 'update', [
      server.update({
        bids: [
          ['100.4', '0'],
          ['100.3', '0.2500'],
        ],
        asks: [
          ['100.6', '0.5000'],
          ['100.7', '3.0000'],
        ],
      }),
    ]);
    const book = frame()?.book;
    expect(book?.status).toBe('live');
    expect(book?.bids.map((r) => r[0])).toEqual(['100.5', '100.3', '100.2']);
    expect(book?.bids[1][1]).toBe('0.2500');
    expect(book?.asks.map((r) => r.slice(0, 2))).toEqual([
      ['100.6', '0.5000'],
      ['100.7', '3.0000'],
      ['100.8', '2.5000'],
      ['101.0', '1.0000'],
    ]);
  });

  it('sends only depthRows rows per side', () => {
    const { feed, frame } = liveFeed();
    feed.setView({ ...VIEW, depthRows: 2 });
    const book = frame()?.book;
    expect(book?.bids).toHaveLength(2);
    expect(book?.asks).toHaveLength(2);
    // Shares compare to the largest total shown.
    expect(book?.asks[1][3]).toBe(1);
  });

  it('on a seq gap shows resyncing with no rows, resubscribes books, ignores updates, and is live again after a fresh snapshot', () => {
    const { server, push, frame, socket, arg } = liveFeed();
    const sentBefore = socket().ops().length;
    server.update({ bids: [['100.5', '9.0000']] }); // lost on the way
    push('books', 'update', [server.update({ asks: [['100.6', '7.0000']] })]);
    const resyncing = frame();
    expect(resyncing?.book).toEqual({ status: 'resyncing', bids: [], asks: [], spread: '', step: '0.1' });
    expect(resyncing?.counters).toMatchObject({ gaps: 1, resyncs: 1 });
    expect(socket().ops().slice(sentBefore)).toEqual([
      { op: 'unsubscribe', args: [arg('books')] },
      { op: 'subscribe', args: [arg('books')] },
    ]);
    // Updates still in flight never bring a book back: only a snapshot does.
    push('books', 'update', [server.update({ bids: [['100.1', '1.0000']] })]);
    expect(frame()?.book ?? null).toBeNull();
    push('books', 'snapshot', [server.snapshot()]);
    const live = frame();
    expect(live?.book?.status).toBe('live');
    expect(live?.book?.bids[0].slice(0, 2)).toEqual(['100.5', '9.0000']);
    expect(live?.book?.asks[0].slice(0, 2)).toEqual(['100.6', '7.0000']);
    expect(live?.counters.resyncs).toBe(1);
  });

  it('on a checksum mismatch drops the book and resubscribes', () => {
    const { server, push, frame, socket } = liveFeed();
    const update = server.update({ bids: [['100.5', '2.0000']] });
    push('books', 'update', [{ ...update, checksum: (update.checksum as number) ^ 1 }]);
    const dropped = frame();
    expect(dropped?.book?.status).toBe('resyncing');
    expect(dropped?.book?.bids).toEqual([]);
    expect(dropped?.counters).toMatchObject({ checksumMismatches: 1, resyncs: 1 });
    expect(socket().ops().at(-1)).toEqual({ op: 'subscribe', args: [expect.objectContaining({ channel: 'books' })] });
  });

  it('backs off when fresh snapshots keep failing, and starts over once an update is proven', () => {
    const { server, push, frame, socket, timers } = liveFeed();
    push('books', 'update', [{ ...server.update({}), seq: server.seq + 5 }]);
    const afterFirst = socket().ops().length;
    push('books', 'snapshot', [{ ...server.snapshot(), checksum: 1 }]);
    expect(socket().ops()).toHaveLength(afterFirst);
    expect(frame()?.counters).toMatchObject({ checksumMismatches: 1, resyncs: 2 });
    timers.fire(250);
    expect(
      socket()
        .ops()
        .slice(afterFirst)
        .map((o) => o.op),
    ).toEqual(['unsubscribe', 'subscribe']);
    push('books', 'snapshot', [server.snapshot()]);
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })]);
    expect(frame()?.book?.status).toBe('live');
    const beforeGap = socket().ops().length;
    push('books', 'update', [{ ...server.update({}), seq: server.seq + 3 }]);
    expect(socket().ops().length).toBe(beforeGap + 2);
  });

  it('groups levels by the chosen step, bids down and asks up', () => {
    const { feed, frame } = liveFeed();
    feed.setView({ ...VIEW, groupStep: '1' });
    const book = frame()?.book;
    expect(book).toMatchObject({ status: 'live', step: '1' });
    expect(book?.bids).toEqual([['100.0', '3.5000', '3.5000', 0.7]]);
    expect(book?.asks).toEqual([['101.0', '5.0000', '5.0000', 1]]);
  });

  it('uses the instrument tick as the default step, and accepts only its multiples', () => {
    const { feed, frame } = liveFeed({ meta: { pricePlace: 1, volumePlace: 4, priceStep: '0.50' } });
    expect(frame()?.book ?? null).toBeNull();
    feed.setView({ ...VIEW, groupStep: '1.5' });
    expect(frame()?.book).toMatchObject({
      step: '1.5',
      bids: [
        ['100.5', '1.0000', '1.0000', 0.2],
        ['99.0', '2.5000', '3.5000', 0.7],
      ],
      asks: [['102.0', '5.0000', '5.0000', 1]],
    });
    expect(() => feed.setView({ ...VIEW, groupStep: '0.1' })).toThrow(/multiple of the tick 0.5/);
    expect(() => startFeed({ meta: { pricePlace: 1, volumePlace: 4, priceStep: '0.05' } })).toThrow(/meta.priceStep/);
  });

  it('refuses a step that is not a multiple of the tick', () => {
    const { feed } = liveFeed();
    expect(() => feed.setView({ ...VIEW, groupStep: '0.05' })).toThrow(TypeError);
    expect(() => feed.setView({ ...VIEW, depthRows: 0 })).toThrow(/depthRows/);
  });
});

describe('TradeFeed connection', () => {
  it('maps the session states, hides the book while disconnected, and waits for the fresh snapshot after a reconnect', () => {
    const harness = startFeed();
    expect(harness.frame()?.connection).toBe('connecting');
    harness.socket().open();
    const server = new ServerBook(BIDS, ASKS);
    harness.push('books', 'snapshot', [server.snapshot()]);
    expect(harness.frame()?.connection).toBe('live');
    harness.socket().drop();
    const lost = harness.frame();
    expect(lost?.connection).toBe('reconnecting');
    expect(lost?.book?.status).toBe('resyncing');
    harness.timers.fire(1000);
    expect(harness.sockets).toHaveLength(2);
    harness.socket().open();
    const back = harness.frame();
    // The socket is open again, but nothing on it is proven yet: the screen still says it is reconnecting.
    expect(back?.connection).toBe('reconnecting');
    expect(back?.counters.reconnects).toBe(1);
    expect(back?.book).toBeNull(); // still resyncing, nothing new to paint
    harness.socket().push({ action: 'update', arg: harness.arg('books'), data: [server.update({})], ts: 2 });
    expect(harness.frame()).toBeUndefined();
    harness.push('books', 'snapshot', [server.snapshot()]);
    const fresh = harness.frame();
    expect(fresh?.book?.status).toBe('live');
    expect(fresh?.connection).toBe('live');
  });
});

describe('TradeFeed trades', () => {
  it('sends the tape newest first: a snapshot resets it, updates go on top', () => {
    const { push, frame } = liveFeed();
    const t0 = new Date(2025, 0, 15, 9, 5, 7).getTime();
    push('trade', 'snapshot', [
      trade(3, '100.6', '0.1', 'buy', t0 + 2000),
      trade(2, '100.5', '0.2', 'sell', t0 + 1000),
      trade(1, '100.5', '0.3', 'buy', t0),
    ]);
    const reset = frame()?.trades;
    expect(reset?.reset).toBe(true);
    expect(reset?.rows).toEqual([
      { id: '3', price: '100.6', size: '0.1000', time: '09:05:09', side: 'buy' },
      { id: '2', price: '100.5', size: '0.2000', time: '09:05:08', side: 'sell' },
      { id: '1', price: '100.5', size: '0.3000', time: '09:05:07', side: 'buy' },
    ]);
    push('trade', 'update', [
      trade(5, '100.7', '1', 'buy', t0 + 4000),
      trade(4, '100.6', '2', 'sell', t0 + 3000),
      trade(3, '100.6', '0.1', 'buy', t0 + 2000),
    ]);
    const update = frame()?.trades;
    expect(update?.reset).toBe(false);
    expect(update?.rows.map((r) => r.id)).toEqual(['5', '4']);
  });

  it('keeps only tradeRows trades and resets when more arrived than it keeps', () => {
    const { push, frame } = liveFeed({ feed: { tradeRows: 3 } });
    push('trade', 'snapshot', [trade(2, '100', '1', 'buy', 2000), trade(1, '100', '1', 'buy', 1000)]);
    frame();
    push(
      'trade',
      'update',
      [4, 3].map((id) => trade(id, '100', '1', 'buy', id * 1000)),
    );
    expect(frame()?.trades).toMatchObject({ reset: false, rows: [{ id: '4' }, { id: '3' }] });
    push(
      'trade',
      'update',
      [9, 8, 7, 6, 5].map((id) => trade(id, '100', '1', 'buy', id * 1000)),
    );
    const trades = frame()?.trades;
    expect(trades?.reset).toBe(true);
    expect(trades?.rows.map((r) => r.id)).toEqual(['9', '8', '7']);
  });
});

describe('TradeFeed hostile input', () => {
  it('counts and drops malformed pushes and never shows them', () => {
    const { push, frame, socket, server, arg } = liveFeed({ view: { ...VIEW, candleChannel: 'candle1m' } });
    push('ticker', 'snapshot', [spotTicker()]);
    push('trade', 'snapshot', [trade(1, '100.5', '1', 'buy', 1000)]);
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    const good = frame() as TradeFrame;
    const hostile: unknown[] = [
      'not json',
      '{"action":"update"',
      { action: 'update', arg: arg('ticker'), data: 'x', ts: 1 },
      { action: 'snapshot', arg: arg('ticker'), data: [spotTicker({ lastPr: '1e9' })], ts: 1 },
      { action: 'snapshot', arg: arg('ticker'), data: [spotTicker({ instId: 'ETHUSDT' })], ts: 1 },
      { action: 'snapshot', arg: arg('ticker'), data: [null], ts: 1 },
      {
        action: 'update',
        arg: arg('trade'),
        data: [trade(2, '-1', '1', 'buy', 1), trade(3, '100', '1', 'hold' as 'buy', 1), { tradeId: '<b>' }],
        ts: 1,
      },
      { action: 'update', arg: arg('candle1m'), data: [candle(120_000, '2', '1', '3', '2'), ['x'], 'y'], ts: 1 },
      { action: 'update', arg: arg('books'), data: [], ts: 1 },
    ];
    for (const message of hostile) socket().push(message);
    const after = frame() as TradeFrame;
    expect(after.ticker).toBeNull();
    expect(after.trades).toBeNull();
    expect(after.candles).toBeNull();
    expect(after.book).toBeNull();
    expect(after.counters.dropped! - good.counters.dropped!).toBe(1 + 1 + 1 + 3 + 3 + 1);
    // A malformed book update cannot be merged: the book is dropped and resynced, never shown half-applied.
    push('books', 'update', [{ ...server.update({ bids: [['100.5', '2']] }), bids: [['NaN', '1']] }]);
    const resync = frame() as TradeFrame;
    expect(resync.book?.status).toBe('resyncing');
    expect(resync.counters.resyncs).toBe(1);
  });

  it('refuses a bad target, view or meta with a TypeError', () => {
    expect(() => startFeed({ target: { instType: 'SPOT', symbol: 'btc/usdt' } })).toThrow(/target.symbol/);
    expect(() => startFeed({ target: { instType: 'MARGIN' as 'SPOT', symbol: 'BTCUSDT' } })).toThrow(/target.instType/);
    expect(() => startFeed({ view: { ...VIEW, intl: 'not a tag!' } })).toThrow(/view.intl/);
    expect(() => startFeed({ view: { ...VIEW, candleChannel: 'candle7m' } })).toThrow(/view.candleChannel/);
    expect(() => startFeed({ meta: { ...META, pricePlace: 40 } })).toThrow(/meta.pricePlace/);
    expect(() => startFeed({ feed: { tradeRows: 0 } })).toThrow(/tradeRows/);
  });
});
