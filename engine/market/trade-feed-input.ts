/**
 * Checks of what a screen passes to a trading feed (the market worker's `openFeed`/`setFeedView`, or the main-thread
 * factory): target, view and instrument facts. Each throws a TypeError naming the field and what it must be, so a
 * bad call fails at the boundary instead of producing a wrong frame.
 */
import { isLanguageTag } from '../format/language-tag';
import type { TradeFeedTarget, TradeFeedView } from './trade-frame';

/** Instrument facts a feed needs to write figures: price and size decimals, and the tick. */
export interface TradeFeedMeta {
  /** Price decimals (`pricePrecision` of a spot symbol, `pricePlace` of a contract). */
  pricePlace: number;
  /** Size decimals (`quantityPrecision` of a spot symbol, `volumePlace` of a contract). */
  volumePlace: number;
  /** The tick as a plain decimal (`TradeInstrument.priceStep`, e.g. "0.5"); default 10^-pricePlace. */
  priceStep?: string;
}

/** Checked instrument facts, with the tick also as a count of the last price decimal (`priceEndStep`). */
export interface FeedMeta {
  pricePlace: number;
  volumePlace: number;
  priceStep: string;
  priceEndStep: number;
}

/** Candle channels of the public stream (market-data contract: `candle1m` … `candle1W`, plus the UTC-cut ones). */
export const CANDLE_CHANNELS: readonly string[] = [
  'candle1m',
  'candle5m',
  'candle15m',
  'candle30m',
  'candle1H',
  'candle4H',
  'candle6H',
  'candle12H',
  'candle1D',
  'candle1W',
  'candle6Hutc',
  'candle12Hutc',
  'candle1Dutc',
];

/** Most book rows per side a view may ask for. */
export const MAX_DEPTH_ROWS = 200;
/** Most decimals a price or size may have. */
export const MAX_PLACES = 12;

const SYMBOL = /^[A-Z0-9]{2,20}$/;
const STEP = /^\d{1,18}(?:\.(\d{1,18}))?$/;

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 32 ? `${value.slice(0, 32)}…` : value);
  if (value === null) return 'null';
  return typeof value === 'number' ? String(value) : `a value of type ${typeof value}`;
}

function refuse(field: string, rule: string, value: unknown): never {
  throw new TypeError(`${field} must be ${rule}, got ${shown(value)}`);
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) refuse(field, 'an object', value);
  return value as Record<string, unknown>;
}

function wholeNumber(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    refuse(field, `a whole number from ${min} to ${max}`, value);
  return value;
}

/** Checks a feed target: `instType` SPOT or USDT-FUTURES, `symbol` 2–20 capitals and digits (`BTCUSDT`). */
export function checkFeedTarget(value: unknown): TradeFeedTarget {
  const { instType, symbol } = record(value, 'target');
  if (instType !== 'SPOT' && instType !== 'USDT-FUTURES')
    refuse('target.instType', '"SPOT" or "USDT-FUTURES"', instType);
  if (typeof symbol !== 'string' || !SYMBOL.test(symbol))
    refuse('target.symbol', '2 to 20 capital letters or digits', symbol);
  return { instType, symbol };
}

/** Checks instrument facts: places 0…12, and a tick that is a positive multiple of 10^-pricePlace (at most 10^6 of them). */
export function checkFeedMeta(value: unknown): FeedMeta {
  const meta = record(value, 'meta');
  const pricePlace = wholeNumber(meta.pricePlace, 'meta.pricePlace', 0, MAX_PLACES);
  const volumePlace = wholeNumber(meta.volumePlace, 'meta.volumePlace', 0, MAX_PLACES);
  if (meta.priceStep === undefined)
    return { pricePlace, volumePlace, priceStep: unitsText(1n, pricePlace), priceEndStep: 1 };
  const units = tickUnits(meta.priceStep, pricePlace);
  if (units === null || units < 1n || units > 1_000_000n)
    refuse('meta.priceStep', `a positive decimal with at most ${pricePlace} decimals`, meta.priceStep);
  return { pricePlace, volumePlace, priceStep: unitsText(units, pricePlace), priceEndStep: Number(units) };
}

/** A plain decimal as a count of 10^-places, or null when it is not one or has more decimals. */
function tickUnits(value: unknown, places: number): bigint | null {
  const match = typeof value === 'string' ? STEP.exec(value) : null;
  if (!match) return null;
  // Trailing zeros add no precision: "0.50" is a valid tick of a 1-decimal price.
  const fraction = (match[1] ?? '').replace(/0+$/, '');
  if (fraction.length > places) return null;
  const integer = match[0].split('.')[0];
  return BigInt(integer + fraction) * 10n ** BigInt(places - fraction.length);
}

/** `units × 10^-places` as a plain decimal without trailing zeros ("0.50" → "0.5"), as grouping steps are written. */
function unitsText(units: bigint, places: number): string {
  if (places === 0) return String(units);
  const digits = String(units).padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/\.?0+$/, '');
}

/**
 * Checks a view against the instrument: a BCP 47 `intl`, a grouping step that is a positive multiple of the tick
 * (or null for the tick), 1…200 rows per side, and a known candle channel or null.
 */
export function checkFeedView(value: unknown, meta: FeedMeta): TradeFeedView {
  const { intl, groupStep, depthRows, candleChannel } = record(value, 'view');
  if (!isLanguageTag(intl)) refuse('view.intl', 'a BCP 47 language tag', intl);
  if (groupStep !== null) {
    const units = tickUnits(groupStep, meta.pricePlace);
    if (units === null || units === 0n || units % BigInt(meta.priceEndStep) !== 0n) {
      refuse(
        'view.groupStep',
        `a positive multiple of the tick ${meta.priceStep} as a decimal string, or null`,
        groupStep,
      );
    }
  }
  wholeNumber(depthRows, 'view.depthRows', 1, MAX_DEPTH_ROWS);
  if (candleChannel !== null && (typeof candleChannel !== 'string' || !CANDLE_CHANNELS.includes(candleChannel))) {
    refuse('view.candleChannel', `one of ${CANDLE_CHANNELS.join(', ')} or null`, candleChannel);
  }
  return {
    intl: intl as string,
    groupStep: groupStep as string | null,
    depthRows: depthRows as number,
    candleChannel: candleChannel as string | null,
  };
}
