/**
 * What the chart remembers per symbol (issue 18 point 7): its interval and which overlays are on. Stored as one JSON
 * text in local storage; whatever a stored text holds, reading it never throws, and a bad entry costs only itself.
 */

/** The intervals the chart offers, as the stream names their channels (market-data contract), shortest first. */
export const CHART_INTERVALS = [
  'candle1m',
  'candle5m',
  'candle15m',
  'candle1H',
  'candle4H',
  'candle1D',
  'candle1W',
] as const;

export type ChartInterval = (typeof CHART_INTERVALS)[number];

/** One symbol's chart: its interval and whether volume, the moving averages and the exponential one are drawn. */
export interface ChartPreference {
  interval: ChartInterval;
  volume: boolean;
  ma: boolean;
  ema: boolean;
}

/** A symbol never charted: 15 minutes, volume and the moving averages on. */
export const DEFAULT_CHART_PREFERENCE: Readonly<ChartPreference> = Object.freeze({
  interval: 'candle15m',
  volume: true,
  ma: true,
  ema: false,
});

/** Most symbols remembered; the ones charted longest ago go first. */
export const MAX_CHART_SYMBOLS = 50;

/** Longest stored text read (50 symbols take some 4 KB); a longer one is not parsed at all. */
const MAX_TEXT_LENGTH = 32_768;

/** Each symbol's preference, the one charted longest ago first. */
export type ChartPreferences = ReadonlyMap<string, ChartPreference>;

const KEY = /^(spot|futures):[A-Z0-9]{2,20}$/;

/** The key a symbol's preference is kept under: the market and the symbol (`spot:BTCUSDT`), or null for a bad one. */
export function chartPreferenceKey(market: string, symbol: string): string | null {
  const key = `${market}:${symbol}`;
  return KEY.test(key) ? key : null;
}

/** Reads an interval: one of {@link CHART_INTERVALS}, else null. */
export function chartIntervalOf(value: unknown): ChartInterval | null {
  return CHART_INTERVALS.find((interval) => interval === value) ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One stored preference, field by field: a bad field takes its default, a value that is no object is no preference. */
export function parseChartPreference(value: unknown): ChartPreference | null {
  if (!isRecord(value)) return null;
  const flag = (name: 'volume' | 'ma' | 'ema') =>
    typeof value[name] === 'boolean' ? (value[name] as boolean) : DEFAULT_CHART_PREFERENCE[name];
  return {
    interval: chartIntervalOf(value.interval) ?? DEFAULT_CHART_PREFERENCE.interval,
    volume: flag('volume'),
    ma: flag('ma'),
    ema: flag('ema'),
  };
}

/**
 * Reads the stored text (`{"symbols":[["spot:BTCUSDT",{…}],…]}`): entries with a bad key or value are skipped, a
 * repeated key keeps its last value, and only the newest {@link MAX_CHART_SYMBOLS} stay. Anything unreadable is empty.
 */
export function parseChartPreferences(text: string | null | undefined): Map<string, ChartPreference> {
  const out = new Map<string, ChartPreference>();
  if (typeof text !== 'string' || text.length > MAX_TEXT_LENGTH) return out;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return out;
  }
  if (!isRecord(data) || !Array.isArray(data.symbols)) return out;
  for (const entry of data.symbols) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || !KEY.test(entry[0])) continue;
    const preference = parseChartPreference(entry[1]);
    if (!preference) continue;
    out.delete(entry[0]);
    out.set(entry[0], preference);
  }
  return trimmed(out);
}

function trimmed(preferences: Map<string, ChartPreference>): Map<string, ChartPreference> {
  for (const key of preferences.keys()) {
    if (preferences.size <= MAX_CHART_SYMBOLS) break;
    preferences.delete(key);
  }
  return preferences;
}

/** A symbol's preference, or the default when none is kept. */
export function chartPreferenceOf(preferences: ChartPreferences, key: string | null): ChartPreference {
  return (key !== null ? preferences.get(key) : undefined) ?? { ...DEFAULT_CHART_PREFERENCE };
}

/** The preferences with `key` set to `preference` as the newest, the oldest dropped beyond the cap. */
export function withChartPreference(
  preferences: ChartPreferences,
  key: string,
  preference: ChartPreference,
): Map<string, ChartPreference> {
  const next = new Map(preferences);
  if (!KEY.test(key)) return next;
  next.delete(key);
  next.set(key, { ...preference });
  return trimmed(next);
}

/** The text to store: the entries in order, oldest first. */
export function serializeChartPreferences(preferences: ChartPreferences): string {
  return JSON.stringify({ symbols: [...preferences] });
}
