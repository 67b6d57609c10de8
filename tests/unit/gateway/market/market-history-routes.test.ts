import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, T0, type TestApp } from '../support';
import { marketReplies } from './market-replies';

const USDT_M = 'productType=USDT-FUTURES';
const SPOT_FILLS = '/api/v2/spot/market/fills-history';
const FUTURES_FILLS = '/api/v2/mix/market/fills-history';

type Trade = { symbol: string; tradeId: string; side: string; price: string; size: string; ts: string };

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
  // A minute of quarter-second steps: enough trades to page through.
  for (let ms = 250; ms <= 60_000; ms += 250) t.simulator.step(T0 + ms);
});
afterAll(() => t.close());

const { reply, data } = marketReplies(() => t.app);

describe.each([
  [SPOT_FILLS, 'symbol=BTCUSDT', ['Buy', 'Sell']],
  [FUTURES_FILLS, `symbol=BTCUSDT&${USDT_M}`, ['buy', 'sell']],
] as const)('GET %s', (path, base, sides) => {
  it('lists the kept public trades newest first, with the documented fields as strings', async () => {
    const trades: Trade[] = await data(`${path}?${base}`);
    const recent: Trade[] = await data(`${path.replace('fills-history', 'fills')}?${base}&limit=1`);
    expect(trades.length).toBeGreaterThan(10);
    expect(trades[0]!.tradeId).toBe(recent[0]!.tradeId);
    for (const trade of trades) {
      expect(Object.keys(trade).sort()).toEqual(['price', 'side', 'size', 'symbol', 'tradeId', 'ts']);
      expect(trade.symbol).toBe('BTCUSDT');
      expect(sides).toContain(trade.side);
      expect(trade.price).toMatch(/^\d+\.\d+$/);
    }
    const ids = trades.map((trade) => BigInt(trade.tradeId));
    for (let i = 1; i < ids.length; i += 1) expect(ids[i]! < ids[i - 1]!).toBe(true);
  });

  it('pages back with idLessThan and limit, without overlap or gap', async () => {
    const all: Trade[] = await data(`${path}?${base}`);
    const first: Trade[] = await data(`${path}?${base}&limit=5`);
    const next: Trade[] = await data(`${path}?${base}&limit=5&idLessThan=${first.at(-1)!.tradeId}`);
    expect([...first, ...next]).toEqual(all.slice(0, 10));
  });

  it('keeps to startTime and endTime, both inclusive', async () => {
    const all: Trade[] = await data(`${path}?${base}`);
    const from = all.at(-1)!.ts;
    const to = all[Math.floor(all.length / 2)]!.ts;
    const window: Trade[] = await data(`${path}?${base}&startTime=${from}&endTime=${to}`);
    expect(window).toEqual(all.filter((trade) => trade.ts >= from && trade.ts <= to));
    expect(await data(`${path}?${base}&startTime=${T0 + 3_600_000}`)).toEqual([]);
  });

  it('refuses hostile parameters with HTTP 400 and the exchange code', async () => {
    for (const [query, code] of [
      ['', '40019'],
      [`${base}&limit=0`, '40020'],
      [`${base}&limit=1001`, '40020'],
      [`${base}&limit=-5`, '40020'],
      [`${base}&idLessThan=abc`, '40020'],
      [`${base}&idLessThan=${'9'.repeat(21)}`, '40020'],
      [`${base}&startTime=2&endTime=1`, '40020'],
      [`${base}&startTime=1e12`, '40020'],
      [`${base.replace('BTCUSDT', 'NOPEUSDT')}`, '40034'],
    ]) {
      const { status, body } = await reply(`${path}?${query}`);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ code, data: null });
    }
  });
});

describe('GET /api/v2/spot/market/history-candles', () => {
  it('answers the candles of the candles route up to endTime, at most 200, and requires endTime', async () => {
    const end = T0 - 3_600_000;
    const recent = await data(`/api/v2/spot/market/candles?symbol=BTCUSDT&granularity=1h&endTime=${end}&limit=50`);
    const history = await data(
      `/api/v2/spot/market/history-candles?symbol=BTCUSDT&granularity=1h&endTime=${end}&limit=50`,
    );
    expect(history).toEqual(recent);
    expect(history).toHaveLength(50);
    expect(Number(history.at(-1)[0])).toBeLessThanOrEqual(end);
    const missing = await reply('/api/v2/spot/market/history-candles?symbol=BTCUSDT&granularity=1h');
    expect([missing.status, missing.body.code]).toEqual([400, '40019']);
    const tooMany = await reply(
      `/api/v2/spot/market/history-candles?symbol=BTCUSDT&granularity=1h&endTime=${end}&limit=201`,
    );
    expect([tooMany.status, tooMany.body.code]).toEqual([400, '40020']);
  });
});

describe('GET /api/v2/mix/market/history-candles', () => {
  it('answers the futures candles, at most 200 a page, 100 by default', async () => {
    const rows = await data(`/api/v2/mix/market/history-candles?symbol=BTCUSDT&${USDT_M}&granularity=1H`);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toHaveLength(7);
    for (const [query, code] of [
      [`symbol=BTCUSDT&${USDT_M}&granularity=1H&limit=201`, '40020'],
      [`symbol=BTCUSDT&${USDT_M}&granularity=1h`, '40020'],
      [`symbol=BTCUSDT&${USDT_M}`, '40019'],
    ]) {
      const { status, body } = await reply(`/api/v2/mix/market/history-candles?${query}`);
      expect([status, body.code], query).toEqual([400, code]);
    }
  });
});
