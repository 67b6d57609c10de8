import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandleHistory } from '../../../../gateway/market/candles';
import { pastSettlements } from '../../../../gateway/market/funding-history';
import { FUNDING_CAP_MICROS, FUNDING_INTERVAL_MS } from '../../../../gateway/market/funding-model';
import type { MinuteCandle } from '../../../../gateway/market/price-history';
import { MARGIN_TIERS } from '../../../../gateway/market/margin-tiers';
import { makeTestApp, T0, type TestApp } from '../support';

const HOUR = 3_600_000;
const FUNDING = '/api/v2/mix/market/history-fund-rate';
const TIERS = '/api/v2/mix/market/query-position-lever';
const USDT_M = 'productType=USDT-FUTURES';
/** The simulator's clock in these tests: just after T0 (12:00 UTC), so the newest settlement is 08:00 that day. */
const NOW = T0 + 1000;

type Row = Record<string, string>;

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
  t.simulator.step(NOW);
});
afterAll(() => t.close());

async function getData(app: TestApp, path: string): Promise<Row[]> {
  const res = await app.app.request(path);
  expect(res.status, path).toBe(200);
  const body = await res.json();
  expect(body.code, path).toBe('00000');
  return body.data;
}

/** Every settlement the gateway lists for `symbol`, newest first, read 100 a page until a page comes back empty. */
async function wholeHistory(app: TestApp, symbol: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await getData(app, `${FUNDING}?symbol=${symbol}&${USDT_M}&pageSize=100&pageNo=${pageNo}`);
    if (page.length === 0) return rows;
    rows.push(...page);
  }
}

/** The public rule, written out independently: premium plus (interest − premium) clamped to ±0.05 %, capped at ±0.3 %. */
function expectedRate(premium: number): number {
  const pull = Math.min(0.0005, Math.max(-0.0005, 0.0001 - premium));
  return Math.min(0.003, Math.max(-0.003, premium + pull));
}

describe('GET /api/v2/mix/market/history-fund-rate', () => {
  it('answers 20 settlements of {symbol, fundingRate, fundingTime}, all strings, rates to 6 places', async () => {
    const data = await getData(t, `${FUNDING}?symbol=btcusdt&productType=usdt-futures`);
    expect(data).toHaveLength(20);
    for (const row of data) {
      expect(Object.keys(row).sort()).toEqual(['fundingRate', 'fundingTime', 'symbol']);
      expect(row.symbol).toBe('BTCUSDT');
      expect(row.fundingRate).toMatch(/^-?0\.\d{6}$/);
      expect(row.fundingTime).toMatch(/^\d{13}$/);
    }
  });

  it('lists settlements newest first, 8 h apart at 00:00, 08:00 and 16:00 UTC, up to the ticker’s next one', async () => {
    const data = await getData(t, `${FUNDING}?symbol=ETHUSDT&${USDT_M}&pageSize=100`);
    const times = data.map((row) => Number(row.fundingTime));
    const ticker = t.simulator.getTicker('USDT-FUTURES', 'ETHUSDT')!;
    expect(times[0]).toBe(Number(ticker.nextFundingTime) - FUNDING_INTERVAL_MS);
    expect(times[0]).toBe(Date.UTC(2025, 0, 15, 8));
    for (const [i, time] of times.entries()) {
      expect([0, 8, 16]).toContain(new Date(time).getUTCHours());
      expect(time % HOUR).toBe(0);
      if (i > 0) expect(times[i - 1]! - time).toBe(FUNDING_INTERVAL_MS);
    }
  });

  it('goes back as far as the hour candles cover a whole interval before a settlement', async () => {
    const rows = await wholeHistory(t, 'BTCUSDT');
    const firstHour = t.simulator.getCandleHistory('USDT-FUTURES', 'BTCUSDT')!.hours[0]!.start;
    const oldest = Number(rows.at(-1)!.fundingTime);
    expect(oldest - FUNDING_INTERVAL_MS).toBeGreaterThanOrEqual(firstHour);
    expect(oldest - 2 * FUNDING_INTERVAL_MS).toBeLessThan(firstHour);
    // About 100 days at three settlements a day.
    expect(rows.length).toBeGreaterThan(290);
  });

  it('pages through the same list: page 2 of 5 is rows 6-10, a page past the end is empty', async () => {
    const all = await getData(t, `${FUNDING}?symbol=SOLUSDT&${USDT_M}&pageSize=20`);
    expect(await getData(t, `${FUNDING}?symbol=SOLUSDT&${USDT_M}&pageSize=5&pageNo=2`)).toEqual(all.slice(5, 10));
    expect(await getData(t, `${FUNDING}?symbol=SOLUSDT&${USDT_M}&pageSize=100&pageNo=5`)).toEqual([]);
    expect(await getData(t, `${FUNDING}?symbol=SOLUSDT&${USDT_M}&pageSize=100&pageNo=10000`)).toEqual([]);
  });

  it('answers the same history twice, and a second gateway with the same seed and clock answers it too', async () => {
    const first = await wholeHistory(t, 'DOGEUSDT');
    expect(await wholeHistory(t, 'DOGEUSDT')).toEqual(first);
    const twin = makeTestApp();
    try {
      twin.simulator.step(NOW);
      expect(await wholeHistory(twin, 'DOGEUSDT')).toEqual(first);
    } finally {
      twin.close();
    }
  });

  it('keeps past settlements as the market moves on, and adds the next one once it has passed', async () => {
    const moving = makeTestApp();
    try {
      moving.simulator.step(NOW);
      const before = await getData(moving, `${FUNDING}?symbol=BTCUSDT&${USDT_M}`);
      for (let at = NOW + 5 * 60_000; at <= Date.UTC(2025, 0, 15, 16, 1); at += 5 * 60_000) moving.simulator.step(at);
      const after = await getData(moving, `${FUNDING}?symbol=BTCUSDT&${USDT_M}`);
      expect(Number(after[0]!.fundingTime)).toBe(Date.UTC(2025, 0, 15, 16));
      expect(after.slice(1)).toEqual(before.slice(0, 19));
    } finally {
      moving.close();
    }
  });

  it('keeps every rate of every perpetual within the ±0.3 % cap', async () => {
    for (const spec of t.simulator.listInstruments('USDT-FUTURES')) {
      for (const row of await wholeHistory(t, spec.symbol))
        expect(Math.abs(Number(row.fundingRate)), `${spec.symbol} ${row.fundingTime}`).toBeLessThanOrEqual(
          FUNDING_CAP_MICROS / 1e6,
        );
    }
  });

  it('settles each interval at the rule over the 1H closes of the perpetual and its spot pair before it', async () => {
    const data = await getData(t, `${FUNDING}?symbol=BTCUSDT&${USDT_M}&pageSize=20`);
    // Twenty settlements reach back past the minute window, so hours merged from minutes and seeded hours both count.
    for (const row of data) {
      const end = Number(row.fundingTime);
      const range = `startTime=${end - FUNDING_INTERVAL_MS}&endTime=${end - 1}&limit=8`;
      const perpetual = await getData(t, `/api/v2/mix/market/candles?symbol=BTCUSDT&${USDT_M}&granularity=1H&${range}`);
      const spot = await getData(t, `/api/v2/spot/market/candles?symbol=BTCUSDT&granularity=1h&${range}`);
      expect(perpetual).toHaveLength(8);
      expect(spot.map((candle) => candle[0])).toEqual(perpetual.map((candle) => candle[0]));
      const premiums = perpetual.map((candle, i) => Number(candle[4]) / Number(spot[i]![4]) - 1);
      const premium = premiums.reduce((sum, value) => sum + value, 0) / premiums.length;
      expect(Math.abs(Number(row.fundingRate) - expectedRate(premium)), row.fundingTime).toBeLessThanOrEqual(1e-6);
    }
  });

  it('refuses malformed or out-of-range symbol, productType, pageSize and pageNo with HTTP 400', async () => {
    const huge = 'A'.repeat(100_000);
    const cases: Array<[string, string]> = [
      ['pageSize=0', '40020'],
      ['pageSize=101', '40020'],
      ['pageSize=-1', '40020'],
      ['pageSize=abc', '40020'],
      ['pageSize=1.5', '40020'],
      ['pageSize=1e2', '40020'],
      ['pageSize=0x10', '40020'],
      [`pageSize=${'9'.repeat(40)}`, '40020'],
      ['pageNo=0', '40020'],
      ['pageNo=-1', '40020'],
      ['pageNo=abc', '40020'],
      ['pageNo=10001', '40020'],
      [`pageNo=${huge}`, '40020'],
    ];
    for (const [query, code] of cases) {
      const res = await t.app.request(`${FUNDING}?symbol=BTCUSDT&${USDT_M}&${query}`);
      expect(res.status, query.slice(0, 40)).toBe(400);
      const body = await res.json();
      expect(body, query.slice(0, 40)).toEqual({
        code,
        msg: expect.any(String),
        requestTime: expect.any(Number),
        data: null,
      });
      expect(body.msg.length).toBeLessThan(200);
    }
    await expectRefusals(FUNDING);
  });
});

describe('GET /api/v2/mix/market/query-position-lever', () => {
  it('lists every perpetual’s margin tiers as the liquidation maths reads them, levels from 1', async () => {
    for (const spec of t.simulator.listInstruments('USDT-FUTURES')) {
      const data = await getData(t, `${TIERS}?symbol=${spec.symbol.toLowerCase()}&productType=usdt-futures`);
      const table = MARGIN_TIERS[spec.symbol];
      expect(table, spec.symbol).toBeDefined();
      expect(data).toEqual(
        table!.map(([startUnit, endUnit, keepMarginRate, leverage], i) => ({
          symbol: spec.symbol,
          level: String(i + 1),
          startUnit,
          endUnit,
          leverage,
          keepMarginRate,
        })),
      );
      // The tiers join end to start and lower the leverage as they go.
      for (let i = 1; i < data.length; i += 1) {
        expect(data[i]!.startUnit).toBe(data[i - 1]!.endUnit);
        expect(Number(data[i]!.leverage)).toBeLessThan(Number(data[i - 1]!.leverage));
      }
    }
  });

  it('answers BTCUSDT’s first tier at 125x with a 0.4 % maintenance margin rate', async () => {
    const [first] = await getData(t, `${TIERS}?symbol=BTCUSDT&${USDT_M}`);
    expect(first).toEqual({
      symbol: 'BTCUSDT',
      level: '1',
      startUnit: '0',
      endUnit: '150',
      leverage: '125',
      keepMarginRate: '0.004',
    });
  });

  it('refuses a missing, malformed or unknown symbol or productType with HTTP 400', async () => {
    await expectRefusals(TIERS);
  });
});

/** The refusals both routes share: symbol and productType checked as every futures market route checks them. */
async function expectRefusals(path: string): Promise<void> {
  const huge = 'A'.repeat(100_000);
  const cases: Array<[string, string]> = [
    [USDT_M, '40019'],
    ['symbol=BTCUSDT', '40019'],
    [`symbol=${encodeURIComponent('../BTCUSDT')}&${USDT_M}`, '40020'],
    [`symbol=${encodeURIComponent('BTCUSDT/../../etc/passwd')}&${USDT_M}`, '40020'],
    [`symbol=${encodeURIComponent('BTC<script>')}&${USDT_M}`, '40020'],
    [`symbol=${huge}&${USDT_M}`, '40020'],
    ['symbol=BTCUSDT&productType=SPOT', '40020'],
    [`symbol=BTCUSDT&productType=${huge}`, '40020'],
    ['symbol=PEPEUSDT&productType=USDT-FUTURES', '40034'],
    // A spot-only pair and a product line the gateway does not simulate.
    ['symbol=BGBUSDT&productType=USDT-FUTURES', '40034'],
    ['symbol=BTCUSDT&productType=COIN-FUTURES', '40034'],
  ];
  for (const [query, code] of cases) {
    const res = await t.app.request(`${path}?${query}`);
    expect(res.status, query.slice(0, 60)).toBe(400);
    const body = await res.json();
    expect(body, query.slice(0, 60)).toEqual({
      code,
      msg: expect.any(String),
      requestTime: expect.any(Number),
      data: null,
    });
    expect(body.msg).not.toMatch(/<script>|\.\.\/|AAAAAAAA/);
  }
}

describe('pastSettlements', () => {
  /** Three days of hour candles from 00:00 UTC, each closing at `close(hour)` (price units). */
  function hours(close: (hour: number) => number): CandleHistory {
    const start = Date.UTC(2025, 0, 1);
    const candles: MinuteCandle[] = Array.from({ length: 72 }, (_, hour) => {
      const price = close(hour);
      return {
        start: start + hour * HOUR,
        open: price,
        high: price,
        low: price,
        close: price,
        baseVolume: 1n,
        quoteVolume: 1n,
      };
    });
    return { hours: candles, minutes: [] };
  }
  /** The spot index at 100,000.00 (2 places) throughout. */
  const index = { history: hours(() => 10_000_000), pricePlace: 2 };
  const nowMs = Date.UTC(2025, 0, 4);
  const all = { offset: 0, limit: 100 };

  it('settles a premium inside ±0.05 % of the interest rate at the interest rate alone', () => {
    // +0.03 %: the perpetual at 100,030.0 (1 place) over an index at 100,000.00.
    const perpetual = { history: hours(() => 1_000_300), pricePlace: 1 };
    const settlements = pastSettlements({ perpetual, index, nowMs }, all);
    expect(settlements.map((s) => s.fundingMicros)).toEqual(Array(settlements.length).fill(100));
  });

  it('moves the rate with a premium beyond the clamp and stops it at the ±0.3 % cap', () => {
    // Intervals of 8 hours from 00:00: +0.1 %, −0.1 %, +0.07 %, +0.5 %, −0.5 %, then back to par, repeating.
    const premiums = [0.001, -0.001, 0.0007, 0.005, -0.005, 0, 0, 0, 0];
    const perpetual = {
      history: hours((hour) => Math.round(1_000_000 * (1 + premiums[Math.floor(hour / 8)]!))),
      pricePlace: 1,
    };
    const settlements = pastSettlements({ perpetual, index, nowMs }, all).reverse();
    expect(settlements.map((s) => [new Date(s.fundingTime).toISOString(), s.fundingMicros])).toEqual([
      ['2025-01-01T08:00:00.000Z', 500],
      ['2025-01-01T16:00:00.000Z', -500],
      ['2025-01-02T00:00:00.000Z', 200],
      ['2025-01-02T08:00:00.000Z', 3000],
      ['2025-01-02T16:00:00.000Z', -3000],
      ['2025-01-03T00:00:00.000Z', 100],
      ['2025-01-03T08:00:00.000Z', 100],
      ['2025-01-03T16:00:00.000Z', 100],
      ['2025-01-04T00:00:00.000Z', 100],
    ]);
  });

  it('settles a perpetual without a spot pair at the interest rate, 0.0001', () => {
    const perpetual = { history: hours((hour) => 1_000_000 + hour * 5_000), pricePlace: 1 };
    const settlements = pastSettlements({ perpetual, nowMs }, all);
    expect(settlements).toHaveLength(9);
    expect(new Set(settlements.map((s) => s.fundingMicros))).toEqual(new Set([100]));
  });

  it('lists no settlement before the clock, and pages by offset and limit', () => {
    const perpetual = { history: hours(() => 1_000_000), pricePlace: 1 };
    const early = pastSettlements({ perpetual, index, nowMs: Date.UTC(2025, 0, 2, 7, 59) }, all);
    expect(early.map((s) => s.fundingTime)).toEqual([
      Date.UTC(2025, 0, 2, 0),
      Date.UTC(2025, 0, 1, 16),
      Date.UTC(2025, 0, 1, 8),
    ]);
    expect(pastSettlements({ perpetual, index, nowMs }, { offset: 2, limit: 3 }).map((s) => s.fundingTime)).toEqual([
      Date.UTC(2025, 0, 3, 8),
      Date.UTC(2025, 0, 3, 0),
      Date.UTC(2025, 0, 2, 16),
    ]);
    expect(pastSettlements({ perpetual, index, nowMs }, { offset: 9, limit: 3 })).toEqual([]);
  });
});
