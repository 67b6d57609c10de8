import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { barAt, ChartOverlays, type OverlaySource, type Overlays } from './chart-overlays';

/** One candle as the market worker hands it over: open time in ms, prices as decimal strings, overlays as numbers. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Base volume (a bar height; the figure shown is formatted from it). */
  volume?: number;
  /** MA(7), MA(25) and EMA(20) at the close (engine/market/chart-indicators), absent while too few candles. */
  ma7?: number;
  ma25?: number;
  ema20?: number;
}

export type { Overlays };

/** What the chart holds besides its series: the candles drawn and which overlays show, read by the overlays' paint. */
interface OverlayState extends OverlaySource {
  history: Candle[];
}

/**
 * The candles, as two series of the same look on the same scale: the closed bars, and the live bar alone. The chart
 * rebuilds every bar of a series each time one of its bars changes (objects per bar, and the garbage collector's
 * pauses after them), so the bar that changes every second lives in a series of one bar, and the series of closed
 * bars changes once per period.
 */
export interface CandlePair {
  closed: ISeriesApi<'Candlestick'>;
  live: ISeriesApi<'Candlestick'>;
}

/** The chart, its candles, and the volume and averages drawn over them. */
export interface ChartSeries {
  chart: IChartApi;
  candles: CandlePair;
  overlays: ChartOverlays;
  overlay: OverlayState;
}

/** Most candles kept for the overlays and the legend (the market worker's series keeps as many). */
const MAX_HISTORY = 1000;

/** The chart's colours, read from the theme's CSS tokens. */
export interface ChartColors {
  text: string;
  grid: string;
  up: string;
  down: string;
  ma7: string;
  ma25: string;
  ema20: string;
}

type ChartLibrary = typeof import('lightweight-charts');
type Time = UTCTimestamp;

/** Reads the chart's colours from the theme tokens under `element`. */
export function themeColors(element: HTMLElement): ChartColors {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--color-text-muted', '#929aa5'),
    grid: token('--color-border', '#2b3139'),
    up: token('--color-up', '#2ebd85'),
    down: token('--color-down', '#f85f73'),
    ma7: token('--chart-ma7', '#d89f00'),
    ma25: token('--chart-ma25', '#c77ad8'),
    ema20: token('--chart-ema20', '#5b93f7'),
  };
}

function timeOf(candle: Candle): Time {
  return Math.floor(candle.time / 1000) as Time;
}

/** The chart plots numbers; the figures shown as text stay strings until they are formatted. */
export function candleBar(candle: Candle): CandlestickData<Time> {
  return {
    time: timeOf(candle),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

/**
 * Draws a live bar: over the live one, or (a new bar) after it, the closed series first taking the bar that closed
 * (`closed`, its final figures) so its time stays on the scale while the live series moves on.
 */
function updatePair(pair: CandlePair, bar: CandlestickData<Time>, closed: CandlestickData<Time> | null): void {
  if (!closed) {
    pair.live.update(bar);
    return;
  }
  pair.closed.update(closed);
  pair.live.setData([bar]);
}

/** Creates the chart, its candles, and the volume (in the lowest fifth) and average lines drawn with them. */
export function createChartSeries(library: ChartLibrary, element: HTMLElement, colors: ChartColors): ChartSeries {
  const { createChart, CandlestickSeries, CrosshairMode } = library;
  const chart = createChart(element, {
    autoSize: true,
    layout: { attributionLogo: false, background: { color: 'transparent' }, textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    // A short history (14 weeks) spreads over the width, but no candle grows wider than a thumb.
    timeScale: { timeVisible: true, secondsVisible: false, maxBarSpacing: 24 },
    // The crosshair follows the pointer and labels its price on the price axis and its time on the time axis.
    crosshair: { mode: CrosshairMode.Normal, horzLine: { labelVisible: true }, vertLine: { labelVisible: true } },
  });
  // Only the live series labels its last value on the axis and draws the price line.
  const candle = (isLive: boolean) =>
    chart.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      borderVisible: false,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      ...(isLive ? {} : { lastValueVisible: false, priceLineVisible: false }),
    });
  const candles = { closed: candle(false), live: candle(true) };
  const overlay: OverlayState = { shown: { volume: true, ma: true, ema: true }, history: [], bars: 0, colors };
  const overlays = new ChartOverlays(overlay);
  candles.live.attachPrimitive(overlays);
  return { chart, candles, overlays, overlay };
}

/** Both candle series take the same options. */
function applyCandles(api: ChartSeries, options: Record<string, unknown>): void {
  api.candles.closed.applyOptions(options);
  api.candles.live.applyOptions(options);
}

/** Shows or hides the overlays; the candles leave the lowest fifth to the volume while it is shown. */
export function showOverlays(api: ChartSeries, overlays: Overlays): void {
  api.overlay.shown = { ...overlays };
  api.candles.closed.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: overlays.volume ? 0.25 : 0.1 } });
  api.overlays.redraw();
}

/** Applies the theme's colours to the chart, the candles and the overlays. */
export function applyColors(api: ChartSeries, colors: ChartColors): void {
  api.chart.applyOptions({
    layout: { textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  });
  applyCandles(api, { upColor: colors.up, downColor: colors.down, wickUpColor: colors.up, wickDownColor: colors.down });
  api.overlay.colors = colors;
  api.overlays.redraw();
}

/** Applies the candles' price format (both series: the live one labels its price on the axis). */
export function applyPriceFormat(api: ChartSeries, places: number): void {
  applyCandles(api, { priceFormat: { type: 'price', precision: places, minMove: 10 ** -places } });
}

/** Bars a history may have and still be shown whole, rather than its newest part at the usual spacing. */
const FIT_BARS = 100;

/** Replaces the chart's candles with a history (oldest first). */
export function setCandles(api: ChartSeries, candles: readonly Candle[], colors: ChartColors): void {
  api.overlay.history = candles.slice(-MAX_HISTORY);
  api.overlay.bars = candles.length;
  api.overlay.colors = colors;
  const bars = candles.map(candleBar);
  api.candles.closed.setData(bars.slice(0, -1));
  api.candles.live.setData(bars.slice(-1));
  if (candles.length > 0 && candles.length <= FIT_BARS) api.chart.timeScale().fitContent();
}

/**
 * Draws a live candle over the last bar or after it (the caller checks it is not older). The overlays are drawn from
 * the history at the chart's next paint, so they follow every live bar at no cost of their own.
 */
export function updateCandle(api: ChartSeries, candle: Candle, colors: ChartColors): void {
  const state = api.overlay;
  const last = state.history.at(-1);
  const isNewBar = last === undefined || timeOf(last) !== timeOf(candle);
  if (isNewBar) {
    state.history.push(candle);
    state.bars += 1;
    if (state.history.length > MAX_HISTORY) state.history.shift();
  } else state.history[state.history.length - 1] = candle;
  state.colors = colors;
  updatePair(api.candles, candleBar(candle), isNewBar && last ? candleBar(last) : null);
}

/** Every candle the chart draws, oldest first (the closed ones, then the live one). */
export function barsDrawn(api: ChartSeries) {
  return [...api.candles.closed.data(), ...api.candles.live.data()];
}

/** The candle drawn at a logical index (the one under the crosshair), with its volume and averages, or null. */
export function candleAt(api: ChartSeries, index: number): Candle | null {
  return barAt(api.overlay, index) ?? null;
}
