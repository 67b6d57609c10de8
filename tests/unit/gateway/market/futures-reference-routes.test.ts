import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, T0, type TestApp } from '../support';
import { marketReplies } from './market-replies';

const USDT_M = 'productType=USDT-FUTURES';
const NUMERIC = /^-?\d+(\.\d+)?$/;

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
  t.simulator.step(T0 + 1000);
});
afterAll(() => t.close());

const { reply, data } = marketReplies(() => t.app);

/** The hostile queries every single-contract route refuses, with the code each answers. */
const HOSTILE: Array<[query: string, code: string]> = [
  ['', '40019'],
  [USDT_M, '40019'],
  ['symbol=BTCUSDT', '40019'],
  ['symbol=BTCUSDT&productType=SPOT', '40020'],
  [`symbol=BTCUSDT&productType=${'X'.repeat(5000)}`, '40020'],
  [`${USDT_M}&symbol=BTC%27USDT`, '40020'],
  [`${USDT_M}&symbol=NOPEUSDT`, '40034'],
  ['symbol=BTCUSDT&productType=COIN-FUTURES', '40034'],
];

describe.each([
  '/api/v2/mix/market/ticker',
  '/api/v2/mix/market/symbol-price',
  '/api/v2/mix/market/funding-time',
  '/api/v2/mix/market/open-interest',
])('%s', (path) => {
  it('refuses a missing, malformed, unknown or unsimulated contract with HTTP 400 and the exchange code', async () => {
    for (const [query, code] of HOSTILE) {
      const { status, body } = await reply(`${path}?${query}`);
      expect(status, query.slice(0, 60)).toBe(400);
      expect(body, query.slice(0, 60)).toMatchObject({ code, data: null, requestTime: expect.any(Number) });
    }
  });
});

describe('GET /api/v2/mix/market/ticker', () => {
  it('answers the one-row list of the tickers route for the symbol, any case, also under the demo product type', async () => {
    const [all] = (await data(`/api/v2/mix/market/tickers?${USDT_M}`)).filter(
      (row: { symbol: string }) => row.symbol === 'ETHUSDT',
    );
    expect(await data(`/api/v2/mix/market/ticker?symbol=ethusdt&productType=usdt-futures`)).toEqual([all]);
    expect(await data('/api/v2/mix/market/ticker?symbol=ETHUSDT&productType=SUSDT-FUTURES')).toEqual([all]);
  });
});

describe('GET /api/v2/mix/market/symbol-price', () => {
  it('answers last, index and mark price of the ticker', async () => {
    const [ticker] = await data(`/api/v2/mix/market/ticker?symbol=BTCUSDT&${USDT_M}`);
    const [row] = await data(`/api/v2/mix/market/symbol-price?symbol=BTCUSDT&${USDT_M}`);
    expect(row).toEqual({
      symbol: 'BTCUSDT',
      price: ticker.lastPr,
      indexPrice: ticker.indexPrice,
      markPrice: ticker.markPrice,
      ts: ticker.ts,
    });
  });
});

describe('GET /api/v2/mix/market/current-fund-rate', () => {
  it('answers the rate of every contract of the product type when no symbol is given', async () => {
    const rows = await data(`/api/v2/mix/market/current-fund-rate?${USDT_M}`);
    expect(rows.map((row: { symbol: string }) => row.symbol)).toEqual(
      t.simulator.listInstruments('USDT-FUTURES').map((spec) => spec.symbol),
    );
  });

  it('answers the ticker funding rate, the 8-hour interval, the next settlement and the ±0.3 % cap', async () => {
    const [ticker] = await data(`/api/v2/mix/market/ticker?symbol=BTCUSDT&${USDT_M}`);
    const [row] = await data(`/api/v2/mix/market/current-fund-rate?symbol=btcusdt&${USDT_M}`);
    expect(row).toEqual({
      symbol: 'BTCUSDT',
      fundingRate: ticker.fundingRate,
      fundingRateInterval: '8',
      nextUpdate: expect.stringMatching(/^\d{13}$/),
      minFundingRate: '-0.003000',
      maxFundingRate: '0.003000',
    });
    // Settlements fall at 00:00, 08:00 and 16:00 UTC; T0 is 12:00, so the next one is 16:00 that day.
    expect(Number(row.nextUpdate)).toBe(T0 + 4 * 3_600_000);
    expect(Math.abs(Number(row.fundingRate))).toBeLessThanOrEqual(0.003);
  });

  it('lists nothing for a valid product type the gateway does not simulate', async () => {
    for (const type of ['COIN-FUTURES', 'USDC-FUTURES', 'SCOIN-FUTURES', 'SUSDC-FUTURES'])
      expect(await data(`/api/v2/mix/market/current-fund-rate?productType=${type}`), type).toEqual([]);
  });

  it('refuses a missing product type, an unknown symbol or a malformed one', async () => {
    for (const [query, code] of [
      ['', '40019'],
      ['productType=SPOT', '40020'],
      [`${USDT_M}&symbol=NOPEUSDT`, '40034'],
      [`${USDT_M}&symbol=${'B'.repeat(33)}`, '40020'],
      ['productType=COIN-FUTURES&symbol=BTCUSDT', '40034'],
    ]) {
      const { status, body } = await reply(`/api/v2/mix/market/current-fund-rate?${query}`);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe(code);
    }
  });
});

describe('GET /api/v2/mix/market/funding-time', () => {
  it('answers the next settlement and the 8-hour period', async () => {
    expect(await data(`/api/v2/mix/market/funding-time?symbol=ETHUSDT&${USDT_M}`)).toEqual([
      { symbol: 'ETHUSDT', nextFundingTime: String(T0 + 4 * 3_600_000), ratePeriod: '8' },
    ]);
  });
});

describe('GET /api/v2/mix/market/open-interest', () => {
  it('answers the simulated holding in the base coin with the ticker time', async () => {
    const [ticker] = await data(`/api/v2/mix/market/ticker?symbol=BTCUSDT&${USDT_M}`);
    const reply = await data(`/api/v2/mix/market/open-interest?symbol=BTCUSDT&${USDT_M}`);
    expect(reply).toEqual({ openInterestList: [{ symbol: 'BTCUSDT', size: ticker.holdingAmount }], ts: ticker.ts });
    expect(reply.openInterestList[0].size).toMatch(NUMERIC);
    expect(Number(reply.openInterestList[0].size)).toBeGreaterThan(0);
  });
});
