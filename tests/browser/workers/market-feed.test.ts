import * as Comlink from 'comlink';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { MarkFeedMessage } from '../../../engine/market/mark-feed';
import { PAGE_BOOK_MS } from '../../../engine/market/page-pacing';
import type { TradeFeedTarget, TradeFeedView, TradeFrame } from '../../../engine/market/trade-frame';
import type { MarketApi } from '../../../workers/market.api';
import type { CreatedTradeFeed } from '../../../workers/market/create-trade-feed';
import { openFramePort } from '../../../src/trade/market/frame-port';

const wsUrl = inject('marketWsUrl');
const controlUrl = inject('marketControlUrl');
const VIEW: TradeFeedView = { intl: 'en', groupStep: null, depthRows: 15, candleChannel: 'candle1m' };
const SPOT_BTC: TradeFeedTarget = { instType: 'SPOT', symbol: 'BTCUSDT' };
const FUTURES_BTC: TradeFeedTarget = { instType: 'USDT-FUTURES', symbol: 'BTCUSDT' };
/** The simulator's BTCUSDT: 2 price and 6 size decimals on spot, 1 and 4 on the perpetual. */
const SPOT_META = { pricePlace: 2, volumePlace: 6 };
const FUTURES_META = { pricePlace: 1, volumePlace: 4 };

let worker: Worker | null = null;
let onMainThread: CreatedTradeFeed | null = null;
afterEach(() => {
  worker?.terminate();
  worker = null;
  onMainThread?.close();
  onMainThread = null;
});

/** A frame port for `openFeed` that hands each frame to `onFrame` (the page's end, as the trading screen opens it). */
function framesTo(onFrame: (frame: TradeFrame) => void): MessagePort {
  const { port } = openFramePort(onFrame);
  return Comlink.transfer(port, [port]);
}

function startWorker(): Comlink.Remote<MarketApi> {
  worker = new Worker(new URL('../../../workers/market.worker.ts', import.meta.url), { type: 'module' });
  return Comlink.wrap<MarketApi>(worker);
}

/** The maths worker's side of the mark channel, played by the test: every message the market worker sends there. */
async function markLog(api: Comlink.Remote<MarketApi>): Promise<{ marks: MarkFeedMessage[]; close(): void }> {
  const channel = new MessageChannel();
  const marks: MarkFeedMessage[] = [];
  channel.port1.onmessage = (event: MessageEvent<MarkFeedMessage>) => marks.push(event.data);
  await api.attachMarkPort(Comlink.transfer(channel.port2, [channel.port2]));
  return { marks, close: () => channel.port1.close() };
}

/** What the page keeps of a feed: every frame, and the latest non-null part of each kind. */
function frameLog() {
  const frames: { at: number; frame: TradeFrame }[] = [];
  const waiters = new Set<() => void>();
  const onFrame = (frame: TradeFrame) => {
    frames.push({ at: performance.now(), frame });
    for (const wake of [...waiters]) wake();
  };
  /** The first frame from index `from` on that matches, waiting up to `timeoutMs`. */
  const waitFor = (
    match: (frame: TradeFrame) => boolean,
    from = 0,
    timeoutMs = 8000,
  ): Promise<{ index: number; frame: TradeFrame }> =>
    new Promise((resolve, reject) => {
      const check = () => {
        for (let i = from; i < frames.length; i += 1) {
          if (!match(frames[i].frame)) continue;
          waiters.delete(check);
          clearTimeout(timer);
          resolve({ index: i, frame: frames[i].frame });
          return;
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        const last = frames.at(-1)?.frame;
        reject(
          new Error(
            `no matching frame in ${timeoutMs} ms (${frames.length} frames, last connection ${last?.connection}, book ${last?.book?.status})`,
          ),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { frames, onFrame, waitFor };
}

const number = (text: string) => Number(text.replaceAll(',', ''));

describe('market worker trading feed', () => {
  it('streams a live book with best bid below best ask, trades, a ticker and candles', async () => {
    const api = startWorker();
    const log = frameLog();
    const id = await api.openFeed(SPOT_BTC, VIEW, SPOT_META, framesTo(log.onFrame), { socketUrl: wsUrl });
    expect(id).toBeGreaterThan(0);
    const { frame: live } = await log.waitFor(
      (f) => f.book?.status === 'live' && f.book.bids.length > 0 && f.book.asks.length > 0,
    );
    const book = live.book!;
    expect(book.bids).toHaveLength(15);
    expect(number(book.bids[0][0])).toBeLessThan(number(book.asks[0][0]));
    expect(book.bids[0][0]).toMatch(/^[\d,]+\.\d{2}$/);
    expect(book.bids[0][1]).toMatch(/^[\d,]+\.\d{6}$/);
    for (const side of [book.bids, book.asks])
      for (let i = 1; i < side.length; i += 1) expect(side[i][3]).toBeGreaterThanOrEqual(side[i - 1][3]);
    await log.waitFor((f) => (f.trades?.rows.length ?? 0) > 0);
    await log.waitFor((f) => f.ticker !== null);
    await log.waitFor((f) => f.candles?.reset === true && f.candles.bars.length > 100);
    const trades = log.frames.map((f) => f.frame.trades).find((t) => t?.reset);
    expect(trades?.rows[0].time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const ticker = log.frames.map((f) => f.frame.ticker).find((t) => t !== null)!;
    expect(ticker.lastRaw).toMatch(/^\d+\.\d{2}$/);
    expect(ticker.markPrice).toBeUndefined();
    // Later book frames stay proven: never a crossed book.
    await log.waitFor((f) => f.counters.bookUpdates >= 10);
    for (const { frame } of log.frames) {
      if (frame.book?.status !== 'live') continue;
      expect(number(frame.book.bids[0][0])).toBeLessThan(number(frame.book.asks[0][0]));
    }
    expect(log.frames.at(-1)!.frame.counters).toMatchObject({ gaps: 0, checksumMismatches: 0, dropped: 0 });
    await api.closeFeed(id);
  });

  it('sends at most one frame per animation frame', async () => {
    const api = startWorker();
    const log = frameLog();
    await api.openFeed(SPOT_BTC, VIEW, SPOT_META, framesTo(log.onFrame), { socketUrl: wsUrl });
    await log.waitFor((f) => f.book?.status === 'live');
    let ticks = 0;
    let counting = true;
    const tick = () => {
      ticks += 1;
      if (counting) requestAnimationFrame(tick);
    };
    const start = performance.now();
    const before = log.frames.length;
    requestAnimationFrame(tick);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    counting = false;
    const window = log.frames.slice(before).filter((f) => f.at >= start);
    const received = window.length;
    const messages = window.at(-1)!.frame.counters.messages - window[0].frame.counters.messages;
    expect(ticks).toBeGreaterThan(20);
    expect(received).toBeGreaterThan(5);
    // More stream messages than frames: they were merged, and one frame per tick at most (plus one for the tick the
    // window opened in).
    expect(messages).toBeGreaterThan(received);
    expect(received).toBeLessThanOrEqual(ticks + 1);
  });

  it('feeds futures marks and index prices to the mark port', async () => {
    const api = startWorker();
    const channel = new MessageChannel();
    const marks: MarkFeedMessage[] = [];
    const gotMark = new Promise<void>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<MarkFeedMessage>) => {
        marks.push(event.data);
        resolve();
      };
    });
    await api.attachMarkPort(Comlink.transfer(channel.port2, [channel.port2]));
    const log = frameLog();
    await api.openFeed(FUTURES_BTC, { ...VIEW, candleChannel: null }, FUTURES_META, framesTo(log.onFrame), {
      socketUrl: wsUrl,
    });
    await gotMark;
    expect(marks[0].type).toBe('marks');
    expect(marks[0].marks.BTCUSDT).toMatch(/^\d+\.\d$/);
    expect(marks[0].indexPrices.BTCUSDT).toMatch(/^\d+\.\d$/);
    const { frame } = await log.waitFor((f) => f.ticker?.markPrice !== undefined);
    expect(frame.ticker?.fundingRate).toMatch(/^-?\d\.\d{4}%$/);
    expect(frame.ticker?.nextFundingTime).toBeGreaterThan(Date.now() - 60_000);
    channel.port1.close();
  });

  it('sends the marks of watched symbols with no feed open, follows a new set, and stops on an empty one', async () => {
    const api = startWorker();
    const { marks, close } = await markLog(api);
    const seen = (symbol: string) => marks.some((m) => symbol in m.marks);
    const until = async (check: () => boolean, what: string) => {
      const started = performance.now();
      while (!check()) {
        if (performance.now() - started > 8000) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await api.watchMarks(['ETHUSDT', 'BTCUSDT', 'ETHUSDT'], { socketUrl: wsUrl });
    await until(() => seen('ETHUSDT') && seen('BTCUSDT'), 'ETHUSDT and BTCUSDT marks');
    expect(marks.find((m) => 'ETHUSDT' in m.marks)?.marks.ETHUSDT).toMatch(/^\d+\.\d{2}$/);
    await api.watchMarks(['BTCUSDT'], { socketUrl: wsUrl });
    // Give an ETHUSDT push already in flight time to land, then none may follow.
    await new Promise((resolve) => setTimeout(resolve, 400));
    marks.length = 0;
    await until(() => seen('BTCUSDT'), 'BTCUSDT marks after the set changed');
    expect(seen('ETHUSDT')).toBe(false);
    await api.watchMarks([], { socketUrl: wsUrl });
    await new Promise((resolve) => setTimeout(resolve, 400));
    marks.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(marks).toEqual([]);
    close();
  });

  it('keeps watching a symbol whose feed closes', async () => {
    const api = startWorker();
    const { marks, close } = await markLog(api);
    await api.watchMarks(['BTCUSDT'], { socketUrl: wsUrl });
    const feedId = await api.openFeed(
      FUTURES_BTC,
      { ...VIEW, candleChannel: null },
      FUTURES_META,
      framesTo(() => undefined),
      { socketUrl: wsUrl },
    );
    await api.closeFeed(feedId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    marks.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(marks.some((m) => 'BTCUSDT' in m.marks)).toBe(true);
    close();
  });

  it('shows reconnecting when the server cuts the stream, then live again with a fresh book', async () => {
    const api = startWorker();
    const log = frameLog();
    await api.openFeed(SPOT_BTC, VIEW, SPOT_META, framesTo(log.onFrame), { socketUrl: wsUrl });
    await log.waitFor((f) => f.book?.status === 'live');
    const cut = await fetch(`${controlUrl}/drop-streams`, { method: 'POST' });
    expect(((await cut.json()) as { dropped: number }).dropped).toBeGreaterThan(0);
    const { index: lostAt, frame: lost } = await log.waitFor((f) => f.connection === 'reconnecting');
    expect(lost.book?.status).toBe('resyncing');
    expect(lost.book?.bids).toEqual([]);
    const { index: backAt, frame: back } = await log.waitFor((f) => f.connection === 'live', lostAt);
    expect(back.counters.reconnects).toBe(1);
    // The fresh snapshot may land in the very frame that reports the connection live again.
    const { index: freshAt, frame: fresh } = await log.waitFor((f) => f.book?.status === 'live', lostAt);
    expect(freshAt).toBeGreaterThanOrEqual(backAt);
    expect(number(fresh.book!.bids[0][0])).toBeLessThan(number(fresh.book!.asks[0][0]));
    // Between the cut and the fresh snapshot no book rows were shown.
    for (const { frame } of log.frames.slice(lostAt, freshAt)) expect(frame.book?.bids.length ?? 0).toBe(0);
  });

  it('paints the book on a canvas it was handed, every frame, while the page gets the book once per PAGE_BOOK_MS', async () => {
    const api = startWorker();
    const log = frameLog();
    const id = await api.openFeed(SPOT_BTC, { ...VIEW, depthRows: 5 }, SPOT_META, framesTo(log.onFrame), {
      socketUrl: wsUrl,
    });
    await log.waitFor((f) => f.book?.status === 'live');
    // Update-to-paint samples are kept only when asked for (the bench), and refused for anything but a boolean.
    await expect(api.takeCanvasLatency()).resolves.toEqual([]);
    await expect(api.measureCanvasLatency('yes' as unknown as boolean)).rejects.toThrow(/true or false/);
    await api.measureCanvasLatency(true);
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    const offscreen = canvas.transferControlToOffscreen();
    const layout = {
      width: 300,
      height: 5 * 2 * 17 + 26,
      dpr: 1,
      rows: 5,
      rowHeight: 17,
      spreadHeight: 26,
      gap: 4,
      rtl: false,
      font: '12px sans-serif',
      spreadFont: '13px sans-serif',
      spreadLabel: 'Spread',
      colors: { text: '#000', muted: '#666', up: '#0a0', down: '#a00' },
    };
    await expect(
      api.attachCanvas(id, 'book', Comlink.transfer(offscreen, [offscreen]) as unknown as OffscreenCanvas, {
        ...layout,
        rows: 0,
      }),
    ).rejects.toThrow(/rows/);
    const second = document.createElement('canvas').transferControlToOffscreen();
    await api.attachCanvas(id, 'book', Comlink.transfer(second, [second]) as unknown as OffscreenCanvas, layout);
    // The worker painted a live book: the best ask lies just above the spread, the best bid just below.
    let bestAsk: string | null = null;
    for (let i = 0; i < 50 && bestAsk === null; i += 1) {
      bestAsk = await api.bookPriceAt(id, 4 * 17 + 8);
      if (bestAsk === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(bestAsk).toMatch(/^[\d,]+\.\d{2}$/);
    // The book moves between two calls: take a bid and an ask from one paint (the ask read again, unchanged).
    let pair: { ask: string; bid: string } | null = null;
    for (let i = 0; i < 50 && pair === null; i += 1) {
      const ask = await api.bookPriceAt(id, 4 * 17 + 8);
      const bid = await api.bookPriceAt(id, 5 * 17 + 26 + 8);
      if (ask !== null && bid !== null && (await api.bookPriceAt(id, 4 * 17 + 8)) === ask) pair = { ask, bid };
    }
    expect(pair).not.toBeNull();
    expect(number(pair!.bid)).toBeLessThan(number(pair!.ask));
    expect(await api.bookPriceAt(id, 5 * 17 + 10)).toBeNull();
    // Over a little more than two intervals of a busy book the page receives it two or three times.
    const from = log.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 2 * PAGE_BOOK_MS + 500));
    const withBook = log.frames.slice(from).filter((f) => f.frame.book !== null);
    const updates =
      (log.frames.at(-1)?.frame.counters.bookUpdates ?? 0) - (log.frames[from]?.frame.counters.bookUpdates ?? 0);
    expect(updates).toBeGreaterThan(10);
    expect(withBook.length).toBeGreaterThanOrEqual(2);
    expect(withBook.length).toBeLessThanOrEqual(3);
    // Each paint of a moved book gave a sample: milliseconds from its newest message to the frame after the paint.
    const samples = await api.takeCanvasLatency();
    expect(samples.length).toBeGreaterThan(10);
    for (const ms of samples) expect(ms).toBeGreaterThanOrEqual(0);
    expect(samples.every((ms) => ms < 5000)).toBe(true);
    await api.measureCanvasLatency(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(api.takeCanvasLatency()).resolves.toEqual([]);
    // Hostile layouts and clicks are refused or answered with nothing, never drawn.
    await expect(api.setCanvasLayout(id, 'book', { ...layout, dpr: Number.NaN })).rejects.toThrow(/dpr/);
    await expect(api.setCanvasLayout(id, 'tape', layout)).rejects.toThrow(/no tape canvas/);
    await expect(api.setCanvasLayout(id, 'chart' as 'book', layout)).rejects.toThrow(/panel must be book or tape/);
    await expect(api.bookPriceAt(id, Number.NaN)).resolves.toBeNull();
    const third = document.createElement('canvas').transferControlToOffscreen();
    await expect(
      api.attachCanvas(9999, 'book', Comlink.transfer(third, [third]) as unknown as OffscreenCanvas, layout),
    ).rejects.toThrow(/not an open feed/);
    canvas.remove();
    await api.closeFeed(id);
  });

  it('paints the tape on a canvas it was handed, and gives the page the whole tape once per PAGE_BOOK_MS', async () => {
    const api = startWorker();
    const log = frameLog();
    const id = await api.openFeed(SPOT_BTC, { ...VIEW, depthRows: 5 }, SPOT_META, framesTo(log.onFrame), {
      socketUrl: wsUrl,
    });
    await log.waitFor((f) => (f.trades?.rows.length ?? 0) > 0);
    const offscreen = document.createElement('canvas').transferControlToOffscreen();
    const layout = {
      width: 300,
      height: 30 * 17,
      dpr: 1,
      rows: 30,
      rowHeight: 17,
      spreadHeight: 0,
      gap: 4,
      rtl: false,
      font: '12px sans-serif',
      spreadFont: '12px sans-serif',
      spreadLabel: '',
      colors: { text: '#000', muted: '#666', up: '#0a0', down: '#a00' },
    };
    await api.attachCanvas(id, 'tape', Comlink.transfer(offscreen, [offscreen]) as unknown as OffscreenCanvas, layout);
    const from = log.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 2 * PAGE_BOOK_MS + 500));
    const parts = log.frames
      .slice(from)
      .map((f) => f.frame.trades)
      .filter((t) => t !== null);
    // The simulator trades several times a second; the page still gets the tape two or three times, each whole.
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.length).toBeLessThanOrEqual(3);
    for (const part of parts) expect(part).toMatchObject({ reset: true });
    expect(parts.at(-1)!.rows.length).toBeGreaterThan(5);
    await api.setCanvasLayout(id, 'tape', { ...layout, rows: 10, height: 170 });
    await api.closeFeed(id);
  });

  it('refuses bad input with a TypeError that names the field', async () => {
    const api = startWorker();
    const noop = () => framesTo(() => undefined);
    await expect(
      api.openFeed(SPOT_BTC, VIEW, SPOT_META, Comlink.proxy(() => undefined) as unknown as MessagePort, {
        socketUrl: wsUrl,
      }),
    ).rejects.toThrow(/port must be a MessagePort/);
    await expect(
      api.openFeed({ instType: 'SPOT', symbol: 'BTC/USDT' }, VIEW, SPOT_META, noop(), { socketUrl: wsUrl }),
    ).rejects.toThrow(/target.symbol/);
    await expect(
      api.openFeed(SPOT_BTC, { ...VIEW, depthRows: 1e9 }, SPOT_META, noop(), { socketUrl: wsUrl }),
    ).rejects.toThrow(/view.depthRows/);
    await expect(api.openFeed(SPOT_BTC, VIEW, SPOT_META, noop(), { socketUrl: 'http://example.com/' })).rejects.toThrow(
      /ws: or wss:/,
    );
    await expect(api.setFeedView(999, VIEW)).rejects.toThrow(/not an open feed/);
    await expect(api.watchMarks(['BTC/USDT'], { socketUrl: wsUrl })).rejects.toThrow(/symbol/);
    await expect(api.watchMarks('BTCUSDT' as unknown as string[], { socketUrl: wsUrl })).rejects.toThrow(
      /symbols must be an array/,
    );
    await expect(
      api.watchMarks(
        Array.from({ length: 101 }, (_, i) => `S${i}USDT`),
        { socketUrl: wsUrl },
      ),
    ).rejects.toThrow(/at most 100/);
  });
});

describe('main-thread trading feed (benchmark switch)', () => {
  it('runs the same feed on the page with its WebSocket and requestAnimationFrame', async () => {
    const { createTradeFeed } = await import('../../../workers/market/create-trade-feed');
    const log = frameLog();
    onMainThread = createTradeFeed({
      target: SPOT_BTC,
      view: VIEW,
      meta: SPOT_META,
      socketUrl: wsUrl,
      emit: log.onFrame,
    });
    const { frame } = await log.waitFor((f) => f.book?.status === 'live' && f.book.bids.length > 0);
    expect(frame.connection).toBe('live');
    expect(number(frame.book!.bids[0][0])).toBeLessThan(number(frame.book!.asks[0][0]));
    onMainThread.close();
    const count = log.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.frames.length).toBe(count);
  });
});
