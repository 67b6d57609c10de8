/**
 * The depth chart's data (issue 38, point 4): the book's cumulative bid and ask depth around the mid price, summed
 * exactly on decimal strings from the levels the stream sent (market-data contract, "Order book maintenance"), with
 * the texts the chart's crosshair shows already written; the only numbers are positions, for pixels.
 */
import { EXACT_ZERO, type Exact, formatScaled, plus, readPlain, roundedText, times } from '../maths/exact-decimal';
import type { BookLevel } from './book-checksum';
import { toFixedPlaces } from './fixed-places';
import { type AxisTick, niceTicks } from './nice-ticks';

/**
 * One step of a depth side: the level's price and the amount from the best price to it (numbers, pixels only), and
 * as texts the price, that cumulative amount, and its cumulative value in the quote coin (Σ price × size).
 */
export type DepthLevelView = readonly [
  price: number,
  amount: number,
  priceText: string,
  amountText: string,
  valueText: string,
];

/** An axis tick of the depth chart: its position (pixels only) and its label. */
export interface DepthTick {
  at: number;
  text: string;
}

/** What the depth chart draws; `live` with both sides empty is an empty book. */
export interface DepthView {
  /** `live`: from a proven book; `resyncing`: the book is being rebuilt (nothing to draw). */
  status: 'live' | 'resyncing';
  /** Levels inside the price range, best first. */
  bids: DepthLevelView[];
  asks: DepthLevelView[];
  /** The price range drawn and the mid price between the best bid and ask (pixels only). */
  low: number;
  high: number;
  mid: number;
  /** The mid price as text; "" when a side is empty. */
  midText: string;
  /** The largest cumulative amount drawn (pixels only). */
  maxAmount: number;
  priceTicks: DepthTick[];
  amountTicks: DepthTick[];
}

/** How the depth writes its figures (the feed's format for the screen's language and instrument). */
export interface DepthFormat {
  /** A price at the instrument's places, grouped. */
  price(value: string): string;
  /** A size at the instrument's places, grouped. */
  size(value: string): string;
  /** A plain decimal grouped as it comes (axis labels, already rounded). */
  number(value: string): string;
}

/** What the depth is built for: the instrument's price places, the value's places, and how deep to read. */
export interface DepthOptions {
  pricePlaces: number;
  /** Decimals of the cumulative value (quote coin). */
  valuePlaces: number;
  /** Levels read per side, best first. */
  maxLevels?: number;
}

/** Levels per side the depth chart reads unless told otherwise. */
export const DEPTH_LEVELS = 100;
/** The range reaches this far past the nearer side's last level read, so its last step shows and can be pointed at. */
const RANGE_MARGIN = 1.05;
/** About this many ticks on the price axis (the painter leaves out labels that do not fit) and on the amount axis. */
const PRICE_TICKS = 8;
const AMOUNT_TICKS = 4;

/** The depth of a book that is being rebuilt: nothing to draw. */
export function resyncingDepth(): DepthView {
  return {
    status: 'resyncing',
    bids: [],
    asks: [],
    low: 0,
    high: 0,
    mid: 0,
    midText: '',
    maxAmount: 0,
    priceTicks: [],
    amountTicks: [],
  };
}

/** The decimals a plain decimal shows without trailing zeros. */
function shownPlaces(plain: string): number {
  const point = plain.indexOf('.');
  return point < 0 ? 0 : plain.replace(/0+$/, '').length - point - 1;
}

/** The best bid and ask's mid, exact: (bid + ask) / 2 has at most one decimal more than they have. */
function midOf(bid: Exact, ask: Exact): string {
  const sum = plus(bid, ask);
  const half = sum.n % 2n === 0n ? { n: sum.n / 2n, scale: sum.scale } : { n: sum.n * 5n, scale: sum.scale + 1 };
  return formatScaled(half.n, half.scale);
}

/**
 * One side's steps, best first, from levels in book order, as far as `isInside` allows a price (the first level
 * always): sizes and values summed exactly; a level that is not a plain decimal ends the side.
 */
function sideSteps(
  levels: readonly BookLevel[],
  count: number,
  isInside: (price: number) => boolean,
  format: DepthFormat,
  valuePlaces: number,
): DepthLevelView[] {
  const steps: DepthLevelView[] = [];
  let amount: Exact = EXACT_ZERO;
  let value: Exact = EXACT_ZERO;
  const end = Math.min(levels.length, count);
  for (let i = 0; i < end; i += 1) {
    const [priceText, sizeText] = levels[i];
    const price = readPlain(priceText);
    const size = readPlain(sizeText);
    if (price === null || size === null) break;
    const at = Number(priceText);
    if (i > 0 && !isInside(at)) break;
    amount = plus(amount, size);
    value = plus(value, times(price, size));
    const amountPlain = formatScaled(amount.n, amount.scale);
    steps.push([
      at,
      Number(amountPlain),
      format.price(priceText),
      format.size(amountPlain),
      format.number(roundedText(value, valuePlaces)),
    ]);
  }
  return steps;
}

/** The price reached by the first `count` levels of a side (the last one's price), or NaN without levels. */
function farthest(levels: readonly BookLevel[], count: number): number {
  const n = Math.min(levels.length, count);
  return n > 0 ? Number(levels[n - 1][0]) : Number.NaN;
}

/**
 * The cumulative depth of a live book's sides (best first, as `OrderBook.levels` gives them): the range is the mid
 * price ± a little more than the nearer side's reach over `maxLevels` levels (so both sides show, neither cut short of
 * what was read), and at least ± the spread; each side's steps inside it, with their exact cumulative amounts and
 * values.
 */
export function buildDepth(
  bids: readonly BookLevel[],
  asks: readonly BookLevel[],
  format: DepthFormat,
  options: DepthOptions,
): DepthView {
  const count = options.maxLevels ?? DEPTH_LEVELS;
  const bestBid = bids.length > 0 ? readPlain(bids[0][0]) : null;
  const bestAsk = asks.length > 0 ? readPlain(asks[0][0]) : null;
  const view = resyncingDepth();
  view.status = 'live';
  if (bestBid === null && bestAsk === null) return view;
  let mid: number;
  let half: number;
  if (bestBid !== null && bestAsk !== null) {
    const midPlain = midOf(bestBid, bestAsk);
    mid = Number(midPlain);
    const places = shownPlaces(midPlain) <= options.pricePlaces ? options.pricePlaces : options.pricePlaces + 1;
    view.midText = format.number(toFixedPlaces(midPlain, places));
    const spread = Number(asks[0][0]) - Number(bids[0][0]);
    half = Math.max(Math.min(mid - farthest(bids, count), farthest(asks, count) - mid) * RANGE_MARGIN, spread);
  } else {
    // One side only: its best price in the middle, its reach on either hand.
    const levels = bestBid !== null ? bids : asks;
    mid = Number(levels[0][0]);
    half = Math.abs(farthest(levels, count) - mid) * RANGE_MARGIN;
  }
  if (!(half > 0)) half = Math.abs(mid) * 0.01 || 1;
  // Slack for the float sums above, so a level on the range's edge is kept.
  const slack = half * 1e-9;
  view.mid = mid;
  view.low = Math.max(0, mid - half);
  view.high = mid + half;
  view.bids = sideSteps(bids, count, (price) => price >= view.low - slack, format, options.valuePlaces);
  view.asks = sideSteps(asks, count, (price) => price <= view.high + slack, format, options.valuePlaces);
  view.maxAmount = Math.max(view.bids.at(-1)?.[1] ?? 0, view.asks.at(-1)?.[1] ?? 0);
  const label = (tick: AxisTick): DepthTick => ({ at: tick.at, text: format.number(tick.value) });
  view.priceTicks = niceTicks(view.low, view.high, PRICE_TICKS).map(label);
  view.amountTicks = niceTicks(0, view.maxAmount, AMOUNT_TICKS)
    .filter((tick) => tick.at > 0)
    .map(label);
  return view;
}
