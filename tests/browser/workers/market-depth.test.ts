import * as Comlink from 'comlink';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { TradeFeedTarget, TradeFeedView } from '../../../engine/market/trade-frame';
import type { DepthMessage, MarketApi } from '../../../workers/market.api';
import { openFramePort } from '../../../src/trade/market/frame-port';

const wsUrl = inject('marketWsUrl');
const VIEW: TradeFeedView = { intl: 'en', groupStep: null, depthRows: 15, candleChannel: null };
const SPOT_BTC: TradeFeedTarget = { instType: 'SPOT', symbol: 'BTCUSDT' };
/** The simulator's BTCUSDT spot: 2 price and 6 size decimals. */
const SPOT_META = { pricePlace: 2, volumePlace: 6 };

let worker: Worker | null = null;
afterEach(() => {
  worker?.terminate();
  worker = null;
});

function startWorker(): Comlink.Remote<MarketApi> {
  worker = new Worker(new URL('../../../workers/market.worker.ts', import.meta.url), { type: 'module' });
  return Comlink.wrap<MarketApi>(worker);
}

/** The page's end of a depth port, as useTradeFeed opens it: every message kept, each answered once applied. */
function depthLog() {
  const messages: DepthMessage[] = [];
  const pair = openFramePort<DepthMessage>((message) => messages.push(message));
  const until = async (check: () => boolean, what: string) => {
    const started = performance.now();
    while (!check()) {
      if (performance.now() - started > 8000) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { messages, port: Comlink.transfer(pair.port, [pair.port]), close: pair.close, until };
}

const number = (text: string) => Number(text.replaceAll(',', ''));

describe('market worker depth', () => {
  it('sends the cumulative depth of a live book while watched, and stops when told', async () => {
    const api = startWorker();
    const noFrames = new MessageChannel();
    const id = await api.openFeed(SPOT_BTC, VIEW, SPOT_META, Comlink.transfer(noFrames.port2, [noFrames.port2]), {
      socketUrl: wsUrl,
    });
    const log = depthLog();
    await api.watchDepth(id, log.port);
    const isLive = (m: DepthMessage) => m.depth.status === 'live' && m.depth.bids.length > 1 && m.depth.asks.length > 1;
    await log.until(() => log.messages.some(isLive), 'a live depth');
    const { depth } = log.messages.find(isLive)!;
    // Bids fall and asks rise from the mid price out; amounts only grow; figures at the pair's places.
    expect(depth.bids[0][0]).toBeLessThan(depth.mid);
    expect(depth.asks[0][0]).toBeGreaterThan(depth.mid);
    for (const [side, rising] of [
      [depth.bids, false],
      [depth.asks, true],
    ] as const) {
      for (let i = 1; i < side.length; i += 1) {
        expect(side[i][0] > side[i - 1][0]).toBe(rising);
        expect(side[i][1]).toBeGreaterThan(side[i - 1][1]);
        expect(number(side[i][3])).toBeGreaterThan(number(side[i - 1][3]));
        expect(number(side[i][4])).toBeGreaterThan(number(side[i - 1][4]));
      }
      for (const level of side) {
        expect(level[2]).toMatch(/^[\d,]+\.\d{2}$/);
        expect(level[3]).toMatch(/^[\d,]+\.\d{6}$/);
        expect(level[4]).toMatch(/^[\d,]+\.\d{2}$/);
        expect(number(level[2])).toBe(level[0]);
      }
    }
    expect(depth.low).toBeLessThanOrEqual(depth.bids.at(-1)![0]);
    expect(depth.high).toBeGreaterThanOrEqual(depth.asks.at(-1)![0]);
    // The book moves: more depths follow, each numbered, each after the page's answer to the last.
    const seen = log.messages.length;
    await log.until(() => log.messages.length >= seen + 3, 'further depths');
    expect(log.messages.map((m) => m.n)).toEqual(log.messages.map((_, i) => i + 1));
    await api.watchDepth(id, null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = log.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(log.messages.length).toBe(stopped);
    log.close();
    await api.closeFeed(id);
    noFrames.port1.close();
  });

  it('refuses a port that is not one, and an unknown feed', async () => {
    const api = startWorker();
    await expect(api.watchDepth(99, null)).rejects.toThrow(/not an open feed/);
    const noFrames = new MessageChannel();
    const id = await api.openFeed(SPOT_BTC, VIEW, SPOT_META, Comlink.transfer(noFrames.port2, [noFrames.port2]), {
      socketUrl: wsUrl,
    });
    await expect(api.watchDepth(id, 'port' as unknown as MessagePort)).rejects.toThrow(/MessagePort/);
    await api.closeFeed(id);
    noFrames.port1.close();
  });
});
