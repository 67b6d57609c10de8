import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, requestTime, type TestApp } from '../support';

let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
  t.simulator.step(Date.now());
});
afterEach(() => t.close());

const SPOT_SYMBOL_FIELDS = [
  'symbol',
  'baseCoin',
  'quoteCoin',
  'minTradeAmount',
  'maxTradeAmount',
  'takerFeeRate',
  'makerFeeRate',
  'pricePrecision',
  'quantityPrecision',
  'quotePrecision',
  'status',
  'minTradeUSDT',
  'buyLimitPriceRatio',
  'sellLimitPriceRatio',
  'areaSymbol',
  'orderQuantity',
  'openTime',
  'offTime',
];
const SPOT_TICKER_FIELDS = [
  'symbol',
  'high24h',
  'open',
  'lastPr',
  'low24h',
  'quoteVolume',
  'baseVolume',
  'usdtVolume',
  'bidPr',
  'askPr',
  'bidSz',
  'askSz',
  'openUtc',
  'ts',
  'changeUtc24h',
  'change24h',
];
const CONTRACT_FIELDS = [
  'symbol',
  'baseCoin',
  'quoteCoin',
  'buyLimitPriceRatio',
  'sellLimitPriceRatio',
  'feeRateUpRatio',
  'makerFeeRate',
  'takerFeeRate',
  'openCostUpRatio',
  'supportMarginCoins',
  'minTradeNum',
  'priceEndStep',
  'volumePlace',
  'pricePlace',
  'sizeMultiplier',
  'symbolType',
  'minTradeUSDT',
  'maxSymbolOrderNum',
  'maxProductOrderNum',
  'maxPositionNum',
  'symbolStatus',
  'offTime',
  'limitOpenTime',
  'deliveryTime',
  'deliveryStartTime',
  'launchTime',
  'fundInterval',
  'minLever',
  'maxLever',
  'posLimit',
  'maintainTime',
  'maxMarketOrderQty',
  'maxOrderQty',
  'isRwa',
];
const PERPETUALS = [
  'BTCUSDT',
  'ETHUSDT',
  'SOLUSDT',
  'XRPUSDT',
  'DOGEUSDT',
  'BNBUSDT',
  'ADAUSDT',
  'LTCUSDT',
  'LINKUSDT',
  'AVAXUSDT',
  'DOTUSDT',
  'TRXUSDT',
  'TONUSDT',
  'SUIUSDT',
  'NEARUSDT',
  'APTUSDT',
  'ARBUSDT',
  'OPUSDT',
  'UNIUSDT',
  'BCHUSDT',
];
/** Every spot pair: the spec's default symbols and ETHUSDT, then one of each perpetual's base coin. */
const SPOT_PAIRS = ['BTCUSDT', 'ETHUSDT', 'BGBUSDT', 'USDTBRL', ...PERPETUALS.slice(2)];
const FUTURES_TICKER_FIELDS = [
  'symbol',
  'lastPr',
  'askPr',
  'bidPr',
  'bidSz',
  'askSz',
  'high24h',
  'low24h',
  'ts',
  'change24h',
  'baseVolume',
  'quoteVolume',
  'usdtVolume',
  'openUtc',
  'changeUtc24h',
  'indexPrice',
  'fundingRate',
  'holdingAmount',
  'deliveryStartTime',
  'deliveryTime',
  'deliveryStatus',
  'open24h',
  'markPrice',
];
const NUMERIC = /^-?\d+(\.\d+)?$/;

async function getData(path: string): Promise<Array<Record<string, unknown>>> {
  const res = await t.app.request(path);
  expect(res.status, path).toBe(200);
  expect(requestTime(res)).toBeGreaterThan(0);
  const body = await res.json();
  expect(body).toMatchObject({ code: '00000', msg: 'success', requestTime: expect.any(Number) });
  expect(Array.isArray(body.data)).toBe(true);
  return body.data;
}

function expectStringsOnly(row: Record<string, unknown>, numericFields: string[]): void {
  for (const [key, value] of Object.entries(row)) {
    if (key === 'supportMarginCoins') expect(value).toEqual(['USDT']);
    else if (key === 'deliveryStartTime' || key === 'deliveryTime')
      expect(value === null || typeof value === 'string').toBe(true);
    else expect(typeof value, key).toBe('string');
  }
  for (const key of numericFields) expect(row[key], key).toMatch(NUMERIC);
}

describe('GET /api/v2/spot/public/symbols', () => {
  it('lists the 22 spot pairs with the public field names, all strings', async () => {
    const data = await getData('/api/v2/spot/public/symbols');
    expect(data.map((r) => r.symbol)).toEqual(SPOT_PAIRS);
    for (const row of data) {
      expect(Object.keys(row).sort()).toEqual([...SPOT_SYMBOL_FIELDS].sort());
      expectStringsOnly(row, ['pricePrecision', 'quantityPrecision', 'quotePrecision', 'minTradeUSDT', 'takerFeeRate']);
    }
    expect(data[0]).toMatchObject({
      baseCoin: 'BTC',
      quoteCoin: 'USDT',
      pricePrecision: '2',
      quantityPrecision: '6',
      status: 'online',
    });
  });
});

describe('GET /api/v2/spot/market/tickers', () => {
  it('returns every spot ticker with numbers as strings and prices at the pair precision', async () => {
    const data = await getData('/api/v2/spot/market/tickers');
    expect(data).toHaveLength(SPOT_PAIRS.length);
    for (const row of data) {
      expect(Object.keys(row).sort()).toEqual([...SPOT_TICKER_FIELDS].sort());
      expectStringsOnly(
        row,
        SPOT_TICKER_FIELDS.filter((f) => f !== 'symbol'),
      );
      expect(Number(row.bidPr)).toBeLessThan(Number(row.askPr));
    }
    const brl = data.find((r) => r.symbol === 'USDTBRL')!;
    expect(brl.lastPr).toMatch(/^\d+\.\d{3}$/);
    expect(brl.usdtVolume).toBe(brl.baseVolume);
  });

  it('filters by symbol, case-insensitively', async () => {
    const data = await getData('/api/v2/spot/market/tickers?symbol=ethusdt');
    expect(data.map((r) => r.symbol)).toEqual(['ETHUSDT']);
  });

  it('answers an unknown symbol with HTTP 400 and the exchange-style error envelope', async () => {
    const res = await t.app.request('/api/v2/spot/market/tickers?symbol=PEPEUSDT');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: '40034',
      msg: expect.stringContaining('PEPEUSDT'),
      requestTime: expect.any(Number),
      data: null,
    });
  });

  it('answers a malformed symbol with HTTP 400', async () => {
    const res = await t.app.request(`/api/v2/spot/market/tickers?symbol=${encodeURIComponent('BTC/USDT<script>')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('<script>');
  });
});

describe('GET /api/v2/mix/market/contracts', () => {
  it('lists the USDT-M perpetuals with the public field names', async () => {
    const data = await getData('/api/v2/mix/market/contracts?productType=USDT-FUTURES');
    expect(data.map((r) => r.symbol)).toEqual(PERPETUALS);
    for (const row of data) {
      expect(Object.keys(row).sort()).toEqual([...CONTRACT_FIELDS].sort());
      expectStringsOnly(row, [
        'pricePlace',
        'volumePlace',
        'priceEndStep',
        'sizeMultiplier',
        'minTradeNum',
        'maxLever',
      ]);
    }
    expect(data[0]).toMatchObject({ pricePlace: '1', priceEndStep: '1', symbolType: 'perpetual' });
  });

  it('accepts a lower-case product type and lists nothing for coin-margined futures', async () => {
    expect(await getData('/api/v2/mix/market/contracts?productType=usdt-futures')).toHaveLength(PERPETUALS.length);
    expect(await getData('/api/v2/mix/market/contracts?productType=COIN-FUTURES')).toEqual([]);
  });

  it('rejects a missing or unknown product type with HTTP 400', async () => {
    for (const query of ['', '?productType=', '?productType=SPOT', '?productType=USDT-FUTURES&symbol=NOPEUSDT']) {
      const res = await t.app.request(`/api/v2/mix/market/contracts${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).code).toMatch(/^400\d\d$/);
    }
  });
});

describe('GET /api/v2/mix/market/tickers', () => {
  it('returns futures tickers with mark, index and funding as strings', async () => {
    const data = await getData('/api/v2/mix/market/tickers?productType=USDT-FUTURES');
    expect(data.map((r) => r.symbol)).toEqual(PERPETUALS);
    for (const row of data) {
      expect(Object.keys(row).sort()).toEqual([...FUTURES_TICKER_FIELDS].sort());
      const numeric = FUTURES_TICKER_FIELDS.filter(
        (f) => !['symbol', 'deliveryStartTime', 'deliveryTime', 'deliveryStatus'].includes(f),
      );
      expectStringsOnly(row, numeric);
    }
    expect(data[0]!.lastPr).toMatch(/^\d+\.\d$/);
  });

  it('rejects a missing product type with HTTP 400', async () => {
    expect((await t.app.request('/api/v2/mix/market/tickers')).status).toBe(400);
  });
});
