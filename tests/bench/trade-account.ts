// The trading-screen bench's account: the demo user signed in over plain HTTP, with open positions for the page to list.
import { DEFAULT_INSTRUMENTS } from '../../gateway/market/default-instruments';

const DEMO = { loginName: 'demo@example.com', pwd: 'Demo-pass-1' };

/** A tiny cookie-jar client of the gateway's `/v1` API (the bench gateway runs with `clientOpen: false`: no signing). */
export class ApiClient {
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
export async function openPositions(api: ApiClient): Promise<number> {
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
