import { describe, expect, it } from 'vitest';
import {
  CHART_INTERVALS,
  type ChartPreference,
  chartIntervalOf,
  chartPreferenceKey,
  chartPreferenceOf,
  DEFAULT_CHART_PREFERENCE,
  MAX_CHART_SYMBOLS,
  parseChartPreferences,
  serializeChartPreferences,
  withChartPreference,
} from '../../../../engine/rules/chart-preferences';

const week: ChartPreference = { interval: 'candle1W', volume: true, ma: false, ema: true };

describe('chartPreferenceKey', () => {
  it('keys a symbol by its market, and refuses anything else', () => {
    expect(chartPreferenceKey('spot', 'BTCUSDT')).toBe('spot:BTCUSDT');
    expect(chartPreferenceKey('futures', 'ETHUSDT')).toBe('futures:ETHUSDT');
    expect(chartPreferenceKey('spot', '__proto__')).toBeNull();
    expect(chartPreferenceKey('margin', 'BTCUSDT')).toBeNull();
    expect(chartPreferenceKey('spot', 'btc/usdt')).toBeNull();
  });
});

describe('chartIntervalOf', () => {
  it('knows 1m to 1W and nothing else', () => {
    expect(CHART_INTERVALS).toContain('candle1W');
    expect(chartIntervalOf('candle1W')).toBe('candle1W');
    expect(chartIntervalOf('candle30m')).toBeNull();
    expect(chartIntervalOf({ toString: () => 'candle1m' })).toBeNull();
  });
});

describe('parseChartPreferences', () => {
  it('reads back what was written, in order', () => {
    let prefs = withChartPreference(new Map(), 'spot:BTCUSDT', week);
    prefs = withChartPreference(prefs, 'futures:ETHUSDT', { ...DEFAULT_CHART_PREFERENCE, interval: 'candle1H' });
    const read = parseChartPreferences(serializeChartPreferences(prefs));
    expect([...read.keys()]).toEqual(['spot:BTCUSDT', 'futures:ETHUSDT']);
    expect(read.get('spot:BTCUSDT')).toEqual(week);
    expect(read.get('futures:ETHUSDT')?.interval).toBe('candle1H');
  });

  it('is empty for missing, unparseable, oversized or wrongly shaped text, without throwing', () => {
    for (const text of [
      null,
      undefined,
      '',
      'not json',
      '{"symbols":',
      'null',
      '42',
      '"candle1W"',
      '[]',
      '{"symbols":{"spot:BTCUSDT":{}}}',
      `{"symbols":[${'["spot:BTCUSDT",{}],'.repeat(3000)}["spot:BTCUSDT",{}]]}`,
    ]) {
      expect(parseChartPreferences(text).size, String(text).slice(0, 30)).toBe(0);
    }
  });

  it('skips a hostile or broken entry and keeps every other one', () => {
    const text = JSON.stringify({
      symbols: [
        ['__proto__', week],
        ['constructor', week],
        ['spot:BTCUSDT', week],
        ['spot:<img src=x>', week],
        'spot:ETHUSDT',
        ['spot:SOLUSDT'],
        ['spot:XRPUSDT', null],
        ['spot:XRPUSDT', 'candle1W'],
        [42, week],
        ['futures:ETHUSDT', { interval: 'candle1W', ma: 'yes', ema: 1, volume: false, extra: { deep: true } }],
      ],
    });
    const read = parseChartPreferences(text);
    expect([...read.keys()]).toEqual(['spot:BTCUSDT', 'futures:ETHUSDT']);
    // A bad field takes its default; the good ones stay.
    expect(read.get('futures:ETHUSDT')).toEqual({ interval: 'candle1W', volume: false, ma: true, ema: false });
    expect(Object.getPrototypeOf(read)).toBe(Map.prototype);
    expect(({} as Record<string, unknown>).interval).toBeUndefined();
  });

  it('gives an unknown interval the default one and keeps the overlays', () => {
    const read = parseChartPreferences(
      JSON.stringify({ symbols: [['spot:BTCUSDT', { interval: 'candle1Y', ma: false, ema: true, volume: true }]] }),
    );
    expect(read.get('spot:BTCUSDT')).toEqual({ interval: 'candle15m', volume: true, ma: false, ema: true });
  });

  it('keeps the last of a repeated key and only the newest symbols beyond the cap', () => {
    const symbols = Array.from({ length: MAX_CHART_SYMBOLS + 10 }, (_, i) => [`spot:S${i}USDT`, week]);
    symbols.push(['spot:S0USDT', { ...week, interval: 'candle1m' }]);
    const read = parseChartPreferences(JSON.stringify({ symbols }));
    expect(read.size).toBe(MAX_CHART_SYMBOLS);
    // S0 was charted again last: it is the newest and kept; S1 … S10 went.
    expect([...read.keys()].at(-1)).toBe('spot:S0USDT');
    expect(read.get('spot:S0USDT')?.interval).toBe('candle1m');
    expect(read.has('spot:S10USDT')).toBe(false);
    expect(read.has('spot:S11USDT')).toBe(true);
  });
});

describe('withChartPreference', () => {
  it('makes the symbol the newest and drops the oldest beyond the cap, leaving the input alone', () => {
    let prefs = new Map();
    for (let i = 0; i < MAX_CHART_SYMBOLS; i += 1) prefs = withChartPreference(prefs, `spot:S${i}USDT`, week);
    const before = prefs;
    const next = withChartPreference(prefs, 'futures:BTCUSDT', DEFAULT_CHART_PREFERENCE);
    expect(next.size).toBe(MAX_CHART_SYMBOLS);
    expect(next.has('spot:S0USDT')).toBe(false);
    expect(before.has('spot:S0USDT')).toBe(true);
    expect(withChartPreference(next, 'spot:S1USDT', week).keys().next().value).toBe('spot:S2USDT');
  });

  it('refuses a bad key', () => {
    expect(withChartPreference(new Map(), '__proto__', week).size).toBe(0);
  });
});

describe('chartPreferenceOf', () => {
  it('gives the default to a symbol never charted, as a copy', () => {
    const pref = chartPreferenceOf(new Map(), 'spot:BTCUSDT');
    expect(pref).toEqual(DEFAULT_CHART_PREFERENCE);
    pref.ema = true;
    expect(DEFAULT_CHART_PREFERENCE.ema).toBe(false);
    expect(chartPreferenceOf(new Map([['spot:BTCUSDT', { ...week }]]), 'spot:BTCUSDT')).toEqual(week);
    expect(chartPreferenceOf(new Map([['spot:BTCUSDT', { ...week }]]), null)).toEqual(DEFAULT_CHART_PREFERENCE);
  });
});
