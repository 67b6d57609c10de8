import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMarketApi } from '../../../workers/market.api';
import { createFeedApi, loadInstrument } from '../../../workers/market/feed-api';
import { FetchFailure } from '../../../workers/market/fetch-json';
import { instrumentPath } from '../../../workers/market/instrument-path';
import { CONTRACT_ROW, ok } from '../engine/market/instrument-rows';

const SPOT_ROW = {
  symbol: 'ETHUSDT',
  baseCoin: 'ETH',
  quoteCoin: 'USDT',
  minTradeAmount: '0.0001',
  minTradeUSDT: '1',
  takerFeeRate: '0.001',
  makerFeeRate: '0.001',
  pricePrecision: '2',
  quantityPrecision: '4',
  quotePrecision: '8',
};

/** A fetch stub answering every GET with `body` as JSON, recording the paths asked for. */
function stubFetch(body: unknown = ok([SPOT_ROW])) {
  const fetch = vi.fn(async (_path: string) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The WebSockets the code under test opened, as a browser's would be; the server behind them answers `ping`. */
class FakeWebSocket {
  static opened: FakeWebSocket[] = [];
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
    if (data === 'ping') setTimeout(() => this.onmessage?.({ data: 'pong' }), 10);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
}

beforeEach(() => {
  FakeWebSocket.opened = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('instrumentPath', () => {
  it('names the spot symbols list or the USDT-M contracts list, filtered to the symbol', () => {
    expect(instrumentPath('spot', 'ETHUSDT')).toBe('/api/v2/spot/public/symbols?symbol=ETHUSDT');
    expect(instrumentPath('futures', 'BTCUSDT')).toBe(
      '/api/v2/mix/market/contracts?productType=USDT-FUTURES&symbol=BTCUSDT',
    );
  });

  it('throws a TypeError for a bad market or symbol', () => {
    expect(() => instrumentPath('margin' as 'spot', 'BTCUSDT')).toThrow(
      new TypeError('market must be spot or futures'),
    );
    for (const symbol of ['', 'B', 'btcusdt', 'BTC&x=1', 'BTC/USDT', 'A'.repeat(21), 42 as unknown as string])
      expect(() => instrumentPath('spot', symbol), String(symbol)).toThrow(TypeError);
  });
});

describe('loadInstrument', () => {
  it('reads the instrument from a read already started, without fetching again', async () => {
    const fetch = stubFetch();
    const result = await loadInstrument('spot', 'ETHUSDT', Promise.resolve(ok([SPOT_ROW])));
    expect(result).toMatchObject({ ok: true, instrument: { market: 'spot', symbol: 'ETHUSDT', priceStep: '0.01' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches the instrument's path when no read was started", async () => {
    const fetch = stubFetch(ok([CONTRACT_ROW]));
    const result = await loadInstrument('futures', 'BTCUSDT');
    expect(result).toMatchObject({ ok: true, instrument: { market: 'futures', symbol: 'BTCUSDT', maxLever: 125 } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(instrumentPath('futures', 'BTCUSDT'));
  });

  it("gives the started read's failure as the page's state", async () => {
    stubFetch();
    expect(await loadInstrument('spot', 'ETHUSDT', Promise.reject(new FetchFailure('network')))).toEqual({
      ok: false,
      reason: 'network',
    });
    expect(await loadInstrument('spot', 'ETHUSDT', Promise.reject(new FetchFailure('bad-reply')))).toEqual({
      ok: false,
      reason: 'bad-reply',
    });
    expect(await loadInstrument('spot', 'ETHUSDT', Promise.reject(new Error('boom')))).toEqual({
      ok: false,
      reason: 'bad-reply',
    });
  });

  it('tells a symbol the list does not hold from a reply it cannot read', async () => {
    stubFetch();
    expect(await loadInstrument('spot', 'ETHUSDT', Promise.resolve(ok([])))).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await loadInstrument('spot', 'ETHUSDT', Promise.resolve({ code: '40034', msg: 'x' }))).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await loadInstrument('spot', 'ETHUSDT', Promise.resolve('<html>'))).toEqual({
      ok: false,
      reason: 'bad-reply',
    });
  });

  it('refuses bad input without fetching', async () => {
    const fetch = stubFetch();
    await expect(loadInstrument('spot', 'eth/usdt')).rejects.toThrow(TypeError);
    await expect(loadInstrument('swap' as 'spot', 'ETHUSDT', Promise.resolve(ok([SPOT_ROW])))).rejects.toThrow(
      TypeError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the feed api's loadInstrument", () => {
  it("opens the page's stream socket while the instrument loads, subscribes nothing, and closes it unused", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('self', { location: { protocol: 'https:', host: 'exchange.example' } });
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const fetch = stubFetch();
    const api = createFeedApi();
    const result = await api.loadInstrument('spot', 'ETHUSDT', Promise.resolve(ok([SPOT_ROW])));
    expect(result).toMatchObject({ ok: true, instrument: { symbol: 'ETHUSDT' } });
    expect(fetch).not.toHaveBeenCalled();
    expect(FakeWebSocket.opened.map((socket) => socket.url)).toEqual(['wss://exchange.example/v2/ws/public']);
    const [socket] = FakeWebSocket.opened;
    socket!.onopen?.();
    expect(socket!.sent.filter((message) => message !== 'ping')).toEqual([]);
    // A second load reuses the session's socket.
    await api.loadInstrument('spot', 'ETHUSDT', Promise.resolve(ok([SPOT_ROW])));
    expect(FakeWebSocket.opened).toHaveLength(1);
    // Nobody subscribed: the registry closes it after its idle time.
    vi.advanceTimersByTime(14_000);
    expect(socket!.closedWith).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(socket!.closedWith).toBe(1000);
    expect(FakeWebSocket.opened).toHaveLength(1);
  });
});

describe("the market worker's loadInstrument", () => {
  it('fetches the instrument once, started before the feed code loads, and gives the instrument', async () => {
    vi.stubGlobal('self', { location: { protocol: 'http:', host: 'localhost:8080' } });
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const fetch = stubFetch(ok([CONTRACT_ROW]));
    const api = createMarketApi();
    const pending = api.loadInstrument('futures', 'BTCUSDT');
    // The read is on its way before the feed code's import has been awaited.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(instrumentPath('futures', 'BTCUSDT'));
    expect(await pending).toMatchObject({ ok: true, instrument: { market: 'futures', symbol: 'BTCUSDT' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives network as the state when that read finds no network', async () => {
    vi.stubGlobal('self', { location: { protocol: 'http:', host: 'localhost:8080' } });
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await createMarketApi().loadInstrument('spot', 'ETHUSDT')).toEqual({ ok: false, reason: 'network' });
  });
});
