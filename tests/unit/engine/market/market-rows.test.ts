import { describe, expect, it } from 'vitest';
import { buildMarketRows, type InstrumentMeta, parseInstruments } from '../../../../engine/market/market-rows';

const META: InstrumentMeta[] = [
  { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', pricePlaces: 2 },
  { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', pricePlaces: 2 },
];

const ticker = (over: Record<string, unknown> = {}) => ({
  symbol: 'BTCUSDT',
  lastPr: '64123.5',
  change24h: '0.01234',
  high24h: '65000',
  low24h: '63000.25',
  quoteVolume: '123456789.12',
  ...over,
});

describe('parseInstruments', () => {
  it('reads spot symbols and futures contracts with their price places', () => {
    const spot = parseInstruments(
      { code: '00000', data: [{ symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', pricePrecision: '2' }] },
      'spot',
    );
    expect(spot).toEqual({ ok: true, value: [META[0]], dropped: 0 });
    const futures = parseInstruments(
      { code: '00000', data: [{ symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', pricePlace: '2' }] },
      'futures',
    );
    expect(futures.ok && futures.value[0].pricePlaces).toBe(2);
  });

  it('drops hostile entries and counts them', () => {
    const result = parseInstruments(
      {
        code: '00000',
        data: [
          { symbol: '<script>', baseCoin: 'BTC', quoteCoin: 'USDT', pricePrecision: '2' },
          { symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', pricePrecision: '1e3' },
          null,
          { symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', pricePrecision: '2' },
        ],
      },
      'spot',
    );
    expect(result).toEqual({ ok: true, value: [META[0]], dropped: 3 });
  });

  it('fails on an error envelope', () => {
    expect(parseInstruments({ code: '40001', msg: 'x' }, 'spot')).toEqual({ ok: false, reason: 'api-error' });
  });
});

describe('buildMarketRows', () => {
  it('formats price to the instrument precision and change as a signed percent', () => {
    const result = buildMarketRows({ code: '00000', data: [ticker()] }, META, 'en');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value[0]).toMatchObject({
      symbol: 'BTCUSDT',
      last: '64,123.50',
      change: '+1.23%',
      direction: 'up',
      high: '65,000.00',
      low: '63,000.25',
      volume: '123.46M',
    });
  });

  it('keeps the figures as sent beside the formatted ones, for sorting by value', () => {
    const result = buildMarketRows({ code: '00000', data: [ticker({ change24h: '-0.005' })] }, META, 'de');
    expect(result.ok && result.value[0].raw).toEqual({
      last: '64123.5',
      change: '-0.005',
      high: '65000',
      low: '63000.25',
      volume: '123456789.12',
      funding: '0',
      openInterest: '0',
    });
  });

  it('shows a perpetual’s funding rate as a signed percent and its open interest in the base coin; unknown as null', () => {
    const perpetual = buildMarketRows(
      { code: '00000', data: [ticker({ fundingRate: '-0.000125', holdingAmount: '12345.678' })] },
      META,
      'en',
    );
    expect(perpetual.ok && perpetual.value[0]).toMatchObject({
      funding: '-0.0125%',
      openInterest: '12.35K',
      raw: expect.objectContaining({ funding: '-0.000125', openInterest: '12345.678' }),
    });
    const spot = buildMarketRows({ code: '00000', data: [ticker()] }, META, 'en');
    expect(spot.ok && spot.value[0]).toMatchObject({ funding: null, openInterest: null });
    const hostile = buildMarketRows(
      { code: '00000', data: [ticker({ fundingRate: '1e9', holdingAmount: '<b>' })] },
      META,
      'en',
    );
    expect(hostile.ok && hostile.value[0]).toMatchObject({ funding: null, openInterest: null });
  });

  it('formats for the locale (German grouping, negative change)', () => {
    const result = buildMarketRows({ code: '00000', data: [ticker({ change24h: '-0.005' })] }, META, 'de');
    expect(result.ok && result.value[0]).toMatchObject({
      last: '64.123,50',
      change: '-0,50\u00a0%',
      direction: 'down',
    });
  });

  it('groups a Japanese volume as the other figures are grouped, below and above 万', () => {
    const rows = (quoteVolume: string) => {
      const result = buildMarketRows({ code: '00000', data: [ticker({ quoteVolume })] }, META, 'ja');
      return result.ok ? result.value[0] : undefined;
    };
    expect(rows('4567.891')).toMatchObject({ volume: '4,567.89', last: '64,123.50' });
    expect(rows('123456789.12')?.volume).toBe('1.23億');
  });

  it('keeps big prices exact (no float rounding)', () => {
    const meta = [{ symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', pricePlaces: 8 }];
    const result = buildMarketRows({ code: '00000', data: [ticker({ lastPr: '123456789.12345678' })] }, meta, 'en');
    expect(result.ok && result.value[0].last).toBe('123,456,789.12345678');
  });

  it('shows a zero change as flat without a sign', () => {
    const result = buildMarketRows({ code: '00000', data: [ticker({ change24h: '0' })] }, META, 'en');
    expect(result.ok && result.value[0]).toMatchObject({ change: '0.00%', direction: 'flat' });
  });

  it('drops rows with malformed numbers and unknown symbols', () => {
    const data = [
      null,
      7,
      ticker({ lastPr: 'NaN' }),
      ticker({ lastPr: 1 }),
      ticker({ symbol: 'XRPUSDT' }),
      ticker({ symbol: 'ETHUSDT', lastPr: '1e5' }),
      ticker(),
    ];
    const result = buildMarketRows({ code: '00000', data }, META, 'en');
    expect(result.ok && result.value.length).toBe(1);
    expect(result.ok && result.dropped).toBe(6);
  });

  it('reports a bad reply when every row is malformed', () => {
    expect(buildMarketRows({ code: '00000', data: [ticker({ high24h: null })] }, META, 'en')).toEqual({
      ok: false,
      reason: 'bad-reply',
    });
  });
});
