// The trading-screen section of `npm run bench`: `/futures/usdt/BTCUSDT` signed in with open positions, under a
// hard-pushed simulator and CPU throttling, once with the book merged in the market worker (the product) and once
// with it merged on the main thread (the bench-only `?feed=main` switch), so the worker's saving is measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import WebSocket from 'ws';
import type { FeedCounters } from '../../engine/market/trade-frame';
import { DEFAULT_INSTRUMENTS } from '../../gateway/market/instruments';
import { type RunningGateway, startGateway } from '../../gateway/server';
import { evaluateInPage, type LongTask, observeMainThread } from './page-probes';

export interface TradeBenchOptions {
  distDir: string;
  cpuThrottle: number;
  /** Length of each measured window. */
  sampleMs: number;
  /** Simulator pace: ms between steps and random level changes per instrument per step. */
  marketStepMs: number;
  levelChangesPerStep: number;
  /** How long the Node client counts the stream to check its rate. */
  rateWindowMs?: number;
}

/** What the stream carried, counted by a Node client subscribed to every instrument. */
export interface StreamRate {
  seconds: number;
  /** Changed levels (bids + asks of `update` pushes) per second over the `books` channels of every simulated instrument. */
  levelChangesPerSec: number;
  /** The same for the page's book (USDT-FUTURES BTCUSDT) only. */
  pageLevelChangesPerSec: number;
  /** Trades per second over every instrument's `trade` channel, and on the page's channel. */
  tradesPerSec: number;
  pageTradesPerSec: number;
}

/** Main-thread time over a window (CDP `Performance.getMetrics` deltas: TaskDuration, ScriptDuration, LayoutDuration, RecalcStyleDuration). */
export interface BusyFigures {
  windowMs: number;
  busyMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

/**
 * Figures of one variant (where the book is merged), from two windows of the same length, one after the other:
 * - the probed window runs a requestAnimationFrame loop to time frames, and records update-to-paint latency;
 * - the quiet window runs no probe, and gives main-thread busy time. A rAF loop makes the renderer produce a main
 *   frame on every vsync, with style, layout, paint and a commit each, whether or not the page changed: on this
 *   screen it about doubled the worker variant's busy time, the same added cost in both variants, which pulled
 *   their ratio toward 1 whatever the merge cost. The probed window's busy time is printed too, for reading.
 * Long tasks are counted over both windows.
 */
export interface TradeVariantFigures {
  variant: 'worker' | 'main';
  /** Both windows together. */
  windowMs: number;
  longTasks: { count: number; totalMs: number; maxMs: number };
  /** rAF deltas; `missed`: frames that took longer than one and a half vsync intervals (a frame dropped). */
  frameMs: { p50: number; p95: number; p99: number; frames: number; missed: number };
  /** Update-to-paint of the page's frames (ticker, chart, position-driving parts, the panels' accessible copies). */
  paintLatencyMs: { p50: number; p95: number; samples: number };
  /** Update-to-paint of the painted panels (book and tape canvases), in the market worker or, for `main`, on the page. */
  canvasLatencyMs: { p50: number; p95: number; samples: number };
  /** The quiet window's main-thread time: what the budget on busy time reads. */
  quiet: BusyFigures;
  /** The probed window's, with the frame-timing loop running. */
  probed: BusyFigures;
  /** Counter deltas over both windows, and the totals since the page opened. */
  window: FeedCounters | null;
  total: FeedCounters | null;
  positionRowsShown: number;
  bookRowsShown: number;
  loaf: unknown[];
}

export interface TradeFigures {
  rate: StreamRate;
  positionsOpen: number;
  positionsNote: string;
  variants: TradeVariantFigures[];
}

const PAGE_PATH = '/futures/usdt/BTCUSDT';
const VIEWPORT = { width: 1280, height: 800 };
const DEMO = { loginName: 'demo@example.com', pwd: 'Demo-pass-1' };
/** The simulated instruments, as the stream names them (instType, instId). */
const INSTRUMENTS = DEFAULT_INSTRUMENTS.map((spec) => [spec.instType, spec.symbol] as const);

const round = (n: number) => Math.round(n * 10) / 10;
/** The display's frame interval at 60 Hz (ms). */
export const VSYNC_MS = 1000 / 60;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Counts level changes and trades on the public stream for `ms`, from Node (outside the page). */
async function countStream(gatewayUrl: string, ms: number): Promise<StreamRate> {
  const socket = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/v2/ws/public`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const args = INSTRUMENTS.flatMap(([instType, instId]) => [
    { instType, channel: 'books', instId },
    { instType, channel: 'trade', instId },
  ]);
  socket.send(JSON.stringify({ op: 'subscribe', args }));
  // Let the snapshots arrive, then count updates only.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const counts = { levels: 0, pageLevels: 0, trades: 0, pageTrades: 0 };
  let counting = true;
  socket.on('message', (raw) => {
    if (!counting) return;
    const text = raw.toString();
    if (text === 'pong') return;
    const push = JSON.parse(text) as {
      action?: string;
      arg?: { instType: string; channel: string; instId: string };
      data?: unknown[];
    };
    if (push.action !== 'update' || !push.arg || !Array.isArray(push.data)) return;
    const isPage = push.arg.instType === 'USDT-FUTURES' && push.arg.instId === 'BTCUSDT';
    if (push.arg.channel === 'books') {
      for (const d of push.data as { bids: unknown[]; asks: unknown[] }[]) {
        const n = d.bids.length + d.asks.length;
        counts.levels += n;
        if (isPage) counts.pageLevels += n;
      }
    } else if (push.arg.channel === 'trade') {
      counts.trades += push.data.length;
      if (isPage) counts.pageTrades += push.data.length;
    }
  });
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  socket.close();
  return {
    seconds: round(seconds),
    levelChangesPerSec: Math.round(counts.levels / seconds),
    pageLevelChangesPerSec: Math.round(counts.pageLevels / seconds),
    tradesPerSec: Math.round(counts.trades / seconds),
    pageTradesPerSec: Math.round(counts.pageTrades / seconds),
  };
}

/** A tiny cookie-jar client of the gateway's `/v1` API (the bench gateway runs with `clientOpen: false`: no signing). */
class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call(path: string, body?: unknown): Promise<{ code: string; msg: string; data: unknown }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return (await res.json()) as { code: string; msg: string; data: unknown };
  }

  async ok(path: string, body?: unknown): Promise<unknown> {
    const reply = await this.call(path, body);
    if (reply.code !== '00000') throw new Error(`${path} answered ${reply.code} ${reply.msg}`);
    return reply.data;
  }
}

/**
 * Signs the dev account in and opens 20 positions: positions are keyed by (user, symbol, holdSide), so hedge mode
 * holds a long and a short on each of the 10 USDT-M perpetuals. Each order is worth about twice the 5 USDT minimum
 * (about 30 USDT of margin in all at the default 10×, against the account's 10,000). The page lists every open
 * position, so the BTCUSDT screen shows all 20 rows, their marks from 10 tickers; the count comes from one call.
 */
async function openPositions(api: ApiClient): Promise<number> {
  await api.ok('/v1/user/login', DEMO);
  await api.ok('/v1/trade/mix/set-position-mode', { posMode: 'hedge_mode' });
  const tickers = (await api.ok('/api/v2/mix/market/tickers?productType=USDT-FUTURES')) as {
    symbol: string;
    lastPr: string;
  }[];
  for (const spec of DEFAULT_INSTRUMENTS.filter((s) => s.instType === 'USDT-FUTURES')) {
    const price = Number(tickers.find((t) => t.symbol === spec.symbol)?.lastPr);
    if (!(price > 0)) throw new Error(`no futures price for ${spec.symbol}`);
    const scale = 10 ** spec.volumePlace;
    const lot = Math.round(Number(spec.sizeMultiplier) * scale);
    // Twice the minimum value, so a fill a few levels off the last price still clears it; whole lots, at least the minimum size.
    const wanted = Math.max(Number(spec.minTradeNum) * scale, ((2 * Number(spec.minTradeUSDT)) / price) * scale);
    const size = (Math.ceil(wanted / lot - 1e-9) * lot) / scale;
    for (const side of ['buy', 'sell']) {
      await api.ok('/v1/trade/mix/place-order', {
        symbol: spec.symbol,
        productType: 'USDT-FUTURES',
        marginMode: 'isolated',
        side,
        tradeSide: 'open',
        orderType: 'market',
        size: size.toFixed(spec.volumePlace),
      });
    }
  }
  return ((await api.ok('/v1/trade/mix/positions')) as unknown[]).length;
}

const BUSY_METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

async function busyMetrics(cdp: CDPSession): Promise<Record<(typeof BUSY_METRICS)[number], number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  return {
    TaskDuration: value('TaskDuration'),
    ScriptDuration: value('ScriptDuration'),
    LayoutDuration: value('LayoutDuration'),
    RecalcStyleDuration: value('RecalcStyleDuration'),
  };
}

function busyBetween(
  start: Record<(typeof BUSY_METRICS)[number], number>,
  end: Record<(typeof BUSY_METRICS)[number], number>,
  windowMs: number,
): BusyFigures {
  const ms = (key: (typeof BUSY_METRICS)[number]) => round((end[key] - start[key]) * 1000);
  return {
    windowMs: round(windowMs),
    busyMs: ms('TaskDuration'),
    scriptMs: ms('ScriptDuration'),
    layoutMs: ms('LayoutDuration'),
    styleMs: ms('RecalcStyleDuration'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function counterDelta(end: FeedCounters | null, start: FeedCounters | null): FeedCounters | null {
  if (!end) return null;
  const out = { ...end };
  if (start) for (const key of Object.keys(out) as (keyof FeedCounters)[]) out[key] = end[key] - start[key];
  return out;
}

/** Opens the trading screen in a fresh signed-in context and measures one window. */
async function measureVariant(
  browser: Browser,
  gateway: RunningGateway,
  api: ApiClient,
  variant: 'worker' | 'main',
  options: TradeBenchOptions,
): Promise<TradeVariantFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([...api.cookies].map(([name, value]) => ({ name, value, url: gateway.url })));
  const page = await context.newPage();
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(observeMainThread);
  // The opt-in of src/trade/market/paint-latency.ts (and of the `?feed=main` switch): set before any page script.
  await page.addInitScript('window.__paintLatency = [];');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
  try {
    await page.goto(gateway.url + PAGE_PATH + (variant === 'main' ? '?feed=main' : ''), { waitUntil: 'load' });
    const inPage = <T>(expression: string) => evaluateInPage<T>(cdp, expression);
    // Ready: live book, the tape, and the position rows (polled from a timer, not Playwright's locators).
    await inPage<void>(`new Promise((resolve, reject) => {
      const started = performance.now();
      const poll = () => {
        const live = document.querySelector('[data-testid="connection-state"][data-state="live"]');
        const book = document.querySelector('[data-testid="order-book"] canvas') && document.querySelector('[data-testid="order-book"] .book__price');
        const tape = document.querySelector('[data-testid="trades-tape"] li');
        const rows = document.querySelectorAll('tr[data-position-id]').length;
        if (live && book && tape && rows > 0 && window.__feedCounters) return resolve();
        if (performance.now() - started > 40000) return reject(new Error('trading screen never became ready (live ' + !!live + ', book ' + !!book + ', tape ' + !!tape + ', positions ' + rows + ')'));
        setTimeout(poll, 200);
      };
      poll();
    })`);
    // Settle after first paint (chart history, account panels), then measure.
    await sleep(2000);
    const takeCanvas = () => inPage<number[]>('window.__takeCanvasLatency ? window.__takeCanvasLatency() : []');
    await takeCanvas();
    const start = await inPage<{ t: number; counters: FeedCounters | null }>(`(() => {
      window.__paintLatency.length = 0;
      window.__benchFrames = { deltas: [], done: false, start: 0, end: 0 };
      const f = window.__benchFrames;
      // Started from a task, not inside the evaluation (TOOLCHAIN pitfall 5).
      setTimeout(() => {
        let last = performance.now();
        f.start = last;
        const end = last + ${Number(options.sampleMs)};
        const tick = (now) => {
          f.deltas.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else { f.end = now; f.done = true; }
        };
        requestAnimationFrame(tick);
      }, 0);
      return { t: performance.now(), counters: window.__feedCounters ? { ...window.__feedCounters } : null };
    })()`);
    const busyStart = await busyMetrics(cdp);
    // Nothing talks to the page during the window.
    await sleep(options.sampleMs);
    await inPage<void>(
      `new Promise((resolve) => { const poll = () => window.__benchFrames.done ? resolve() : setTimeout(poll, 50); poll(); })`,
    );
    const busyEnd = await busyMetrics(cdp);
    const result = await inPage<{
      deltas: number[];
      start: number;
      end: number;
      latency: number[];
      counters: FeedCounters | null;
      longTasks: LongTask[];
      loaf: { start: number; duration: number }[];
      positionRows: number;
      bookRows: number;
    }>(`({
      deltas: window.__benchFrames.deltas,
      start: window.__benchFrames.start,
      end: window.__benchFrames.end,
      latency: [...window.__paintLatency],
      counters: window.__feedCounters ? { ...window.__feedCounters } : null,
      longTasks: window.__longTasks,
      loaf: window.__loaf,
      positionRows: document.querySelectorAll('tr[data-position-id]').length,
      bookRows: document.querySelectorAll('[data-testid="order-book"] .book__price').length,
    })`);
    const probed = busyBetween(busyStart, busyEnd, result.end - result.start);
    const canvasLatency = await takeCanvas();

    // The quiet window: nothing but the page runs (see TradeVariantFigures).
    const quietStart = await inPage<number>('performance.now()');
    const quietBusyStart = await busyMetrics(cdp);
    await sleep(options.sampleMs);
    const quietBusyEnd = await busyMetrics(cdp);
    const quietEnd = await inPage<number>('performance.now()');
    const quietResult = await inPage<{
      counters: FeedCounters | null;
      longTasks: LongTask[];
      loaf: { start: number; duration: number }[];
    }>(`({
      counters: window.__feedCounters ? { ...window.__feedCounters } : null,
      longTasks: window.__longTasks,
      loaf: window.__loaf,
    })`);
    const quiet = busyBetween(quietBusyStart, quietBusyEnd, quietEnd - quietStart);

    const inWindows = (t: { start: number }) =>
      (t.start >= result.start && t.start <= result.end) || (t.start >= quietStart && t.start <= quietEnd);
    const longTasks = quietResult.longTasks.filter(inWindows);
    const frames = result.deltas.slice(1);
    return {
      variant,
      windowMs: round(result.end - result.start + quietEnd - quietStart),
      longTasks: {
        count: longTasks.length,
        totalMs: round(longTasks.reduce((s, t) => s + t.duration, 0)),
        maxMs: round(Math.max(0, ...longTasks.map((t) => t.duration))),
      },
      frameMs: {
        p50: round(percentile(frames, 50)),
        p95: round(percentile(frames, 95)),
        p99: round(percentile(frames, 99)),
        frames: frames.length,
        missed: frames.filter((ms) => ms > 1.5 * VSYNC_MS).length,
      },
      paintLatencyMs: {
        p50: round(percentile(result.latency, 50)),
        p95: round(percentile(result.latency, 95)),
        samples: result.latency.length,
      },
      canvasLatencyMs: {
        p50: round(percentile(canvasLatency, 50)),
        p95: round(percentile(canvasLatency, 95)),
        samples: canvasLatency.length,
      },
      quiet,
      probed,
      window: counterDelta(quietResult.counters, start.counters),
      total: quietResult.counters,
      positionRowsShown: result.positionRows,
      bookRowsShown: result.bookRows,
      loaf: quietResult.loaf.filter(inWindows).sort((a, b) => b.duration - a.duration),
    };
  } finally {
    await context.close();
  }
}

/** Starts a gateway of its own (fast market, plain sign-in), checks the stream rate, opens positions, measures both variants. */
export async function measureTrade(browser: Browser, options: TradeBenchOptions): Promise<TradeFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-trade-bench-'));
  const gateway = await startGateway({
    port: 0,
    dataDir,
    distDir: options.distDir,
    logLevel: 'warn',
    marketStepMs: options.marketStepMs,
    levelChangesPerStep: options.levelChangesPerStep,
    // Plain login and unsigned /v1/trade calls, so the bench signs in over HTTP without the crypto worker.
    signPolicy: { clientOpen: false },
  });
  try {
    const rate = await countStream(gateway.url, options.rateWindowMs ?? 3000);
    const api = new ApiClient(gateway.url);
    const positionsOpen = await openPositions(api);
    const variants: TradeVariantFigures[] = [];
    for (const variant of ['worker', 'main'] as const)
      variants.push(await measureVariant(browser, gateway, api, variant, options));
    return {
      rate,
      positionsOpen,
      positionsNote:
        'one position per (symbol, side): hedge mode long + short on each of the 10 perpetuals, all listed on the page',
      variants,
    };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
