import { describe, expect, it } from 'vitest';
import {
  PACE_GRACE_MS,
  PAGE_ALIGN_MS,
  PAGE_BOOK_MS,
  PAGE_CANDLES_MS,
  PAGE_TICKER_MS,
} from '../../../../engine/market/page-pacing';
import type { BookView, TradeFrame } from '../../../../engine/market/trade-frame';
import { FUTURES, META, ServerBook, startFeed, VIEW } from './trade-feed-support';

const BIDS: [string, string][] = [
  ['100.5', '1.0000'],
  ['100.4', '2.0000'],
  ['100.2', '0.5000'],
];
const ASKS: [string, string][] = [
  ['100.6', '1.5000'],
  ['100.8', '2.5000'],
  ['101.0', '1.0000'],
];

/** A feed whose socket is open and whose book got its first snapshot; the first frame has been taken. */
function liveFeed(options: Parameters<typeof startFeed>[0] = {}) {
  const harness = startFeed(options);
  harness.socket().open();
  const server = new ServerBook(BIDS, ASKS);
  harness.push('books', 'snapshot', [server.snapshot()]);
  const first = harness.frame();
  return { ...harness, server, first };
}

const spotTicker = (overrides: Record<string, unknown> = {}) => ({
  instId: 'BTCUSDT',
  lastPr: '100.55',
  open24h: '99.3',
  high24h: '101.2',
  low24h: '98.7',
  change24h: '0.01243',
  bidPr: '100.5',
  askPr: '100.6',
  bidSz: '1',
  askSz: '1.5',
  baseVolume: '1234.5678',
  quoteVolume: '123456789.12',
  openUtc: '99.9',
  changeUtc24h: '0.002',
  ts: '1000',
  ...overrides,
});

const futuresTicker = (overrides: Record<string, unknown> = {}) => ({
  ...spotTicker(),
  fundingRate: '0.000125',
  nextFundingTime: '1736956800000',
  markPrice: '100.57',
  indexPrice: '100.52',
  holdingAmount: '10',
  symbolType: 1,
  symbol: 'BTCUSDT',
  deliveryPrice: '0',
  ...overrides,
});

const trade = (id: number, price: string, size: string, side: 'buy' | 'sell', ts: number) => ({
  ts: String(ts),
  price,
  size,
  side,
  tradeId: String(id),
});

const candle = (start: number, o: string, h: string, l: string, c: string, v = '1.5') => [
  String(start),
  o,
  h,
  l,
  c,
  v,
  '150',
  '150',
];

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
    expect(back?.connection).toBe('live');
    expect(back?.counters.reconnects).toBe(1);
    expect(back?.book).toBeNull(); // still resyncing, nothing new to paint
    harness.socket().push({ action: 'update', arg: harness.arg('books'), data: [server.update({})], ts: 2 });
    expect(harness.frame()).toBeUndefined();
    harness.push('books', 'snapshot', [server.snapshot()]);
    expect(harness.frame()?.book?.status).toBe('live');
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

  it('sends the ticker at most once per PAGE_TICKER_MS: the first at once, the last change never left behind, a new language at once', () => {
    let now = 0;
    const { feed, push, frame, timers } = liveFeed({ now: () => now });
    push('ticker', 'snapshot', [spotTicker()]);
    expect(frame()?.ticker?.last).toBe('100.6');
    now += 50;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.65' })]);
    expect(frame()?.ticker ?? null).toBeNull();
    now += 50;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.75' })]);
    expect(frame()?.ticker ?? null).toBeNull();
    // Nothing else arrives: the wake-up when the interval is over sends the newest figures.
    now = PAGE_TICKER_MS + PACE_GRACE_MS;
    timers.fire(PAGE_TICKER_MS + PACE_GRACE_MS);
    expect(frame()?.ticker?.last).toBe('100.8');
    now += 10;
    feed.setView({ ...VIEW, intl: 'de-DE' });
    expect(frame()?.ticker?.last).toBe('100,8');
  });

  it('sends a held ticker with the first message after the interval, fresh, before its wake-up is due', () => {
    let now = 0;
    const { push, frame, timers } = liveFeed({ now: () => now });
    push('ticker', 'snapshot', [spotTicker()]);
    frame();
    now += 100;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.65' })]);
    expect(frame()?.ticker ?? null).toBeNull();
    // The interval is over and a newer ticker arrives before the wake-up: it goes at once, with its own figures.
    now = PAGE_TICKER_MS + 20;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.95' })]);
    expect(frame()?.ticker?.last).toBe('101.0');
    // Nothing was left for the wake-up to send.
    timers.fire(PAGE_TICKER_MS + PACE_GRACE_MS);
    expect(frame()?.ticker ?? null).toBeNull();
  });

  it('holds a due ticker for its next push while the book moves at frame rate, so the page never gets one a push old', () => {
    let now = 0;
    const { push, frame, server, timers } = liveFeed({ now: () => now });
    push('ticker', 'snapshot', [spotTicker()]);
    frame();
    // Pushes every 100 ms; the book moves every 16 ms, each move a frame that weighs the held ticker.
    const pushes: [number, string][] = [];
    const sent: [number, string][] = [];
    let price = 100.6;
    for (now = 16; now <= PAGE_TICKER_MS + 200 && sent.length === 0; now += 16) {
      if (now % 100 < 16) {
        price += 0.1;
        pushes.push([now, price.toFixed(1)]);
        push('ticker', 'snapshot', [spotTicker({ lastPr: price.toFixed(1) })]);
      }
      push('books', 'update', [server.update({ bids: [['100.1', String(now)]] })]);
      const last = frame()?.ticker?.last;
      if (last) sent.push([now, last]);
    }
    // The frames after the interval's end leave the last push where it is; the first push after it goes at once.
    const firstDue = pushes.find(([at]) => at >= PAGE_TICKER_MS);
    expect(sent).toEqual([firstDue]);
    expect(timers.timers.size).toBeGreaterThan(0);
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

  it('sends the live bar at most once a second, the last change never left behind, and a new history at once', () => {
    let now = 0;
    const { push, frame, timers } = liveFeed({ view, now: () => now });
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    expect(frame()?.candles?.reset).toBe(true);
    now += 50;
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.9')]);
    expect(frame()?.candles ?? null).toBeNull();
    now += 50;
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.8')]);
    expect(frame()?.candles ?? null).toBeNull();
    // Nothing else arrives: the wake-up when the interval is over sends the held bar.
    now = PAGE_CANDLES_MS + PACE_GRACE_MS;
    timers.fire(PAGE_CANDLES_MS + PACE_GRACE_MS);
    expect(frame()?.candles?.bars.at(-1)?.close).toBe(1.8);
    now += 10;
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '1.5')]);
    expect(frame()?.candles).toMatchObject({ reset: true });
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
  it('sends at most one frame per clock tick however many messages arrive', () => {
    const { server, push, frames, clock, frame } = liveFeed();
    const before = frames.length;
    for (let i = 0; i < 500; i += 1) {
      push('books', 'update', [server.update({ bids: [['100.5', `${1 + (i % 7)}.0000`]] })]);
      push('trade', 'update', [trade(1000 + i, '100.5', '0.1', 'buy', 5000 + i)]);
    }
    expect(clock.pending).toBe(1);
    const one = frame();
    expect(frames.length).toBe(before + 1);
    expect(one?.book?.bids[0][1]).toBe(`${1 + (499 % 7)}.0000`);
    expect(one?.trades?.rows).toHaveLength(50);
    expect(one?.counters.bookUpdates).toBe(500);
    expect(frame()).toBeUndefined();
  });

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

  it('numbers frames from 1 and reports the newest push time it reflects', () => {
    const { first, push, frame } = liveFeed();
    expect(first?.n).toBe(1);
    push('ticker', 'snapshot', [spotTicker()], 5000);
    push('trade', 'update', [trade(1, '100', '1', 'buy', 1)], 7000);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.7' })], 6000);
    const next = frame();
    expect(next?.n).toBe(2);
    expect(next?.latestTs).toBe(7000);
    expect(next?.counters.frames).toBe(2);
  });

  it('holds the next frame until the page has taken the previous one', async () => {
    let release: () => void = () => undefined;
    const { push, frame, frames } = liveFeed({ emit: () => new Promise<void>((resolve) => (release = resolve)) });
    push('ticker', 'snapshot', [spotTicker()]);
    expect(frame()).toBeUndefined();
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.9' })]);
    frame();
    const count = frames.length;
    release();
    await Promise.resolve();
    await Promise.resolve();
    const next = frame();
    expect(frames.length).toBe(count + 1);
    expect(next?.ticker?.last).toBe('100.9');
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

describe('TradeFeed book painter', () => {
  function paintedFeed() {
    let now = 0;
    const harness = liveFeed({ now: () => now });
    const painted: { book: BookView; latestTs: number }[] = [];
    harness.feed.setBookPainter((book, latestTs) => painted.push({ book, latestTs }));
    return { ...harness, painted, advance: (ms: number) => (now += ms) };
  }

  it('paints every new book at once, and gives the page the first one too', () => {
    const { frame, painted } = paintedFeed();
    const next = frame();
    expect(painted).toHaveLength(1);
    expect(painted[0].book.bids[0][0]).toBe('100.5');
    expect(next?.book).toBe(painted[0].book);
  });

  it('paces the book the page gets to one per PAGE_BOOK_MS, and delivers the last one when the interval is up', () => {
    const { server, push, frame, painted, advance, timers } = paintedFeed();
    frame();
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })], 2000);
    const second = frame();
    expect(painted).toHaveLength(2);
    expect(painted[1].latestTs).toBe(2000);
    expect(second?.book ?? null).toBeNull();
    // The page frame does not carry the painted book's time either.
    expect(second?.latestTs ?? 0).toBe(0);
    push('books', 'update', [server.update({ bids: [['100.5', '4.0000']] })], 2100);
    frame();
    expect(painted).toHaveLength(3);
    advance(PAGE_BOOK_MS);
    timers.fire(PAGE_BOOK_MS + PACE_GRACE_MS);
    const due = frame();
    expect(due?.book?.bids[0][1]).toBe('4.0000');
    expect(painted).toHaveLength(3);
    // The page's copy is accessible text, never painted: it does not time the frame (the painter is timed instead).
    expect(due?.latestTs ?? 0).toBe(0);
  });

  it("sends the page's copy of the book with a ticker frame when it is due within a ticker interval", () => {
    const { server, push, frame, advance } = paintedFeed();
    expect(frame()?.book).not.toBeNull();
    advance(PAGE_BOOK_MS - PAGE_ALIGN_MS - 50);
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })], 2000);
    // Not due yet, and no other reason for a frame: it waits.
    expect(frame()?.book ?? null).toBeNull();
    advance(100);
    push('books', 'update', [server.update({ bids: [['100.5', '4.0000']] })], 2100);
    push('ticker', 'snapshot', [spotTicker()], 2100);
    const both = frame();
    expect(both?.ticker).not.toBeNull();
    expect(both?.book?.bids[0][1]).toBe('4.0000');
  });

  it("does not hold a paced frame for the page's answer to the last one once the book and the tape are painted", () => {
    let now = 0;
    const harness = liveFeed({ now: () => now, emit: () => new Promise<void>(() => undefined) });
    harness.feed.setBookPainter(() => undefined);
    harness.feed.setTapePainter(() => undefined);
    harness.frame();
    harness.push('ticker', 'snapshot', [spotTicker()], 5000);
    expect(harness.frame()?.ticker).not.toBeNull();
    // The page never answers; the next ticker still goes when its interval is up.
    now += PAGE_TICKER_MS;
    harness.push('ticker', 'snapshot', [spotTicker({ lastPr: '100.8' })], 5250);
    expect(harness.frame()?.ticker?.lastRaw).toBe('100.8');
  });

  it('once the book and the tape are painted, sends a due ticker from its own message, one frame for pushes that came together', () => {
    let now = 0;
    const view = { ...VIEW, candleChannel: 'candle1m' };
    const { feed, push, frame, frames, timers, clock } = liveFeed({ now: () => now, view });
    feed.setBookPainter(() => undefined);
    feed.setTapePainter(() => undefined);
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    frame();
    push('ticker', 'snapshot', [spotTicker()], 5000);
    frame();
    now += 1000;
    const before = frames.length;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.8' })], 6000);
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.9')], 6000);
    // Out before the next animation frame, both parts in one frame.
    timers.fire(0);
    expect(frames.length).toBe(before + 1);
    expect(frames.at(-1)).toMatchObject({ ticker: { lastRaw: '100.8' }, candles: { reset: false }, latestTs: 6000 });
    // That animation frame's flush sends the page nothing more, even with a change due.
    feed.setView({ ...view, intl: 'de-DE' });
    clock.tick();
    expect(frames.length).toBe(before + 1);
    expect(frame()?.ticker?.last).toBe('100,8');
  });

  it('times a page frame by the parts it carries, not by a ticker its pacer held back', () => {
    const { push, frame, advance } = paintedFeed();
    frame();
    push('ticker', 'snapshot', [spotTicker()], 5000);
    // The first ticker goes at once.
    expect(frame()?.latestTs).toBe(5000);
    advance(50);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.8' })], 5100);
    push('trade', 'update', [trade(1, '100', '1', 'buy', 5050)], 5050);
    const next = frame();
    expect(next?.ticker ?? null).toBeNull();
    expect(next?.trades?.rows).toHaveLength(1);
    expect(next?.latestTs).toBe(5050);
  });

  it('gives no stream time to a frame that only re-sends what the page had (a language change)', () => {
    const { feed, push, frame } = paintedFeed();
    frame();
    push('ticker', 'snapshot', [spotTicker()], 5000);
    expect(frame()?.latestTs).toBe(5000);
    feed.setView({ ...VIEW, intl: 'fr' });
    const resent = frame();
    expect(resent?.ticker?.last).toBe('100,6');
    expect(resent?.latestTs).toBe(0);
  });

  it('tells the page at once when the book stops being shown, and paints nothing stale', () => {
    const { server, push, frame, painted } = paintedFeed();
    frame();
    const gap = server.update({ asks: [['100.6', '1.0000']] });
    (gap as { seq: number }).seq += 5;
    push('books', 'update', [gap]);
    const next = frame();
    expect(painted.at(-1)?.book.status).toBe('resyncing');
    expect(painted.at(-1)?.book.bids).toEqual([]);
    expect(next?.book?.status).toBe('resyncing');
  });

  it('paints while the page is still busy with the previous frame', () => {
    let release: () => void = () => undefined;
    const harness = liveFeed({ emit: () => new Promise<void>((resolve) => (release = resolve)) });
    const painted: BookView[] = [];
    harness.feed.setBookPainter((book) => painted.push(book));
    harness.frame();
    harness.push('books', 'update', [harness.server.update({ bids: [['100.5', '5.0000']] })]);
    harness.frame();
    harness.push('books', 'update', [harness.server.update({ bids: [['100.5', '6.0000']] })]);
    harness.frame();
    expect(painted.map((b) => b.bids[0][1])).toEqual(['1.0000', '5.0000', '6.0000']);
    release();
  });

  it('gives every book back to the page frames once the painter is taken away', () => {
    const { feed, server, push, frame } = paintedFeed();
    frame();
    feed.setBookPainter(null);
    expect(frame()?.book?.bids[0][0]).toBe('100.5');
    push('books', 'update', [server.update({ bids: [['100.5', '7.0000']] })]);
    expect(frame()?.book?.bids[0][1]).toBe('7.0000');
  });
});

describe('TradeFeed tape painter', () => {
  it('paints every trades part at once, and gives the page the whole tape at most once per PAGE_BOOK_MS', () => {
    let now = 0;
    const { feed, push, frame, timers } = liveFeed({ now: () => now });
    const painted: { reset: boolean; ids: string[]; latestTs: number }[] = [];
    feed.setTapePainter((part, latestTs) =>
      painted.push({ reset: part.reset, ids: part.rows.map((r) => r.id), latestTs }),
    );
    push('trade', 'snapshot', [trade(2, '100.5', '0.1', 'buy', 900), trade(1, '100.4', '0.2', 'sell', 800)], 900);
    const first = frame();
    expect(painted).toEqual([{ reset: true, ids: ['2', '1'], latestTs: 900 }]);
    expect(first?.trades).toMatchObject({ reset: true });
    expect(first?.trades?.rows.map((r) => r.id)).toEqual(['2', '1']);
    now += 100;
    push('trade', 'update', [trade(3, '100.6', '0.3', 'buy', 1000)], 1000);
    const second = frame();
    expect(painted.at(-1)).toEqual({ reset: false, ids: ['3'], latestTs: 1000 });
    expect(second?.trades ?? null).toBeNull();
    now = PAGE_BOOK_MS;
    timers.fire(PAGE_BOOK_MS + PACE_GRACE_MS);
    const due = frame();
    expect(due?.trades).toMatchObject({ reset: true });
    expect(due?.trades?.rows.map((r) => r.id)).toEqual(['3', '2', '1']);
  });

  it('repaints the whole tape when it is handed over, and gives the page every part once it is taken back', () => {
    const { feed, push, frame } = liveFeed();
    push('trade', 'snapshot', [trade(1, '100.4', '0.2', 'sell', 800)]);
    frame();
    const painted: boolean[] = [];
    feed.setTapePainter((part) => painted.push(part.reset));
    frame();
    expect(painted).toEqual([true]);
    feed.setTapePainter(null);
    push('trade', 'update', [trade(2, '100.5', '0.1', 'buy', 900)]);
    const next = frame();
    expect(next?.trades?.rows.map((r) => r.id)).toEqual(['2', '1']);
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
