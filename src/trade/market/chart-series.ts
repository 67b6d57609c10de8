import type {
  CandlestickData,
  HistogramData,
  IChartApi,
  ISeriesApi,
  LineData,
  UTCTimestamp,
  WhitespaceData,
} from 'lightweight-charts';

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

/** Which overlays are drawn. */
export interface Overlays {
  volume: boolean;
  ma: boolean;
  ema: boolean;
}

/**
 * What the overlays were last given. The chart rebuilds every bar of a series on each update, so a hidden overlay
 * takes no data at all (it is filled from `history` when shown), and the shown ones take the live bar at most every
 * {@link OVERLAY_EVERY_MS} (and on each new bar); the candles take every live bar.
 */
interface OverlayState {
  shown: Overlays;
  /** The candles drawn, oldest first: the history, then the live bars after it. */
  history: Candle[];
  /** When (performance.now()) the overlays last took the live bar. */
  drawnAt: number;
  colors: ChartColors | null;
}

/** The chart and every series on it. */
export interface ChartSeries {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  ma7: ISeriesApi<'Line'>;
  ma25: ISeriesApi<'Line'>;
  ema20: ISeriesApi<'Line'>;
  overlay: OverlayState;
}

/** How often the shown overlays (volume, averages) follow the live bar; the candle itself follows every update. */
export const OVERLAY_EVERY_MS = 3000;

/** Most candles kept to refill an overlay (the market worker's series keeps as many). */
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
    ma25: token('--chart-ma25', '#b45fc6'),
    ema20: token('--chart-ema20', '#3d7ff5'),
  };
}

/** A volume bar's colour: the candle's direction, half transparent so the candles above stay readable. */
function volumeColor(colors: ChartColors, isUp: boolean): string {
  const color = isUp ? colors.up : colors.down;
  return /^#[0-9a-f]{6}$/i.test(color) ? `${color}80` : color;
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

function volumeBar(candle: Candle, colors: ChartColors): HistogramData<Time> {
  return {
    time: timeOf(candle),
    value: candle.volume ?? 0,
    color: volumeColor(colors, Number(candle.close) >= Number(candle.open)),
  };
}

/** A line's point, or a gap (so every series has the same bars and the legend finds them by index). */
function linePoint(time: Time, value: number | undefined): LineData<Time> | WhitespaceData<Time> {
  return value === undefined ? { time } : { time, value };
}

/** Creates the chart, its candles, a volume histogram in the lowest fifth, and the three average lines. */
export function createChartSeries(library: ChartLibrary, element: HTMLElement, colors: ChartColors): ChartSeries {
  const { createChart, CandlestickSeries, HistogramSeries, LineSeries, CrosshairMode } = library;
  const chart = createChart(element, {
    autoSize: true,
    layout: { attributionLogo: false, background: { color: 'transparent' }, textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    // A short history (14 weeks) spreads over the width, but no candle grows wider than a thumb.
    timeScale: { timeVisible: true, secondsVisible: false, maxBarSpacing: 24 },
    // The crosshair follows the pointer and labels its price on the price axis and its time on the time axis.
    crosshair: { mode: CrosshairMode.Normal, horzLine: { labelVisible: true }, vertLine: { labelVisible: true } },
  });
  const series = chart.addSeries(CandlestickSeries, {
    upColor: colors.up,
    downColor: colors.down,
    borderVisible: false,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const line = (color: string) =>
    chart.addSeries(LineSeries, {
      color,
      lineWidth: 1,
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    });
  return {
    chart,
    series,
    volume,
    ma7: line(colors.ma7),
    ma25: line(colors.ma25),
    ema20: line(colors.ema20),
    overlay: { shown: { volume: true, ma: true, ema: true }, history: [], drawnAt: 0, colors },
  };
}

/** Gives each overlay the whole history when shown, nothing when hidden. */
function fillOverlays(api: ChartSeries, which: Overlays): void {
  const { history, colors, shown } = api.overlay;
  if (which.volume)
    api.volume.setData(shown.volume && colors ? history.map((candle) => volumeBar(candle, colors)) : []);
  if (which.ma) {
    api.ma7.setData(shown.ma ? history.map((candle) => linePoint(timeOf(candle), candle.ma7)) : []);
    api.ma25.setData(shown.ma ? history.map((candle) => linePoint(timeOf(candle), candle.ma25)) : []);
  }
  if (which.ema) api.ema20.setData(shown.ema ? history.map((candle) => linePoint(timeOf(candle), candle.ema20)) : []);
}

/** Draws one candle's figures on the shown overlays (over their last bar or after it). */
function drawOverlays(api: ChartSeries, candle: Candle, colors: ChartColors): void {
  const { shown } = api.overlay;
  const time = timeOf(candle);
  if (shown.volume) api.volume.update(volumeBar(candle, colors));
  if (shown.ma) {
    api.ma7.update(linePoint(time, candle.ma7));
    api.ma25.update(linePoint(time, candle.ma25));
  }
  if (shown.ema) api.ema20.update(linePoint(time, candle.ema20));
}

/** Shows or hides the overlays; the candles leave the lowest fifth to the volume while it is shown. */
export function showOverlays(api: ChartSeries, overlays: Overlays): void {
  const before = api.overlay.shown;
  api.overlay.shown = { ...overlays };
  fillOverlays(api, {
    volume: before.volume !== overlays.volume,
    ma: before.ma !== overlays.ma,
    ema: before.ema !== overlays.ema,
  });
  api.volume.applyOptions({ visible: overlays.volume });
  api.ma7.applyOptions({ visible: overlays.ma });
  api.ma25.applyOptions({ visible: overlays.ma });
  api.ema20.applyOptions({ visible: overlays.ema });
  api.series.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: overlays.volume ? 0.25 : 0.1 } });
}

/** Applies the theme's colours to the chart and every series, recolouring the volume bars already drawn. */
export function applyColors(api: ChartSeries, colors: ChartColors): void {
  api.chart.applyOptions({
    layout: { textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  });
  api.series.applyOptions({
    upColor: colors.up,
    downColor: colors.down,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
  });
  api.ma7.applyOptions({ color: colors.ma7 });
  api.ma25.applyOptions({ color: colors.ma25 });
  api.ema20.applyOptions({ color: colors.ema20 });
  api.overlay.colors = colors;
  // Once per theme change: the bars carry their colour.
  const bars = api.series.data();
  const volumes = api.volume.data();
  api.volume.setData(
    volumes.map((point, i) => {
      const bar = bars[i];
      const isUp = bar && 'close' in bar ? bar.close >= bar.open : true;
      return { time: point.time as Time, value: 'value' in point ? point.value : 0, color: volumeColor(colors, isUp) };
    }),
  );
}

/** Bars a history may have and still be shown whole, rather than its newest part at the usual spacing. */
const FIT_BARS = 100;

/** Replaces every series' data with a history (oldest first). */
export function setCandles(
  api: ChartSeries,
  candles: readonly Candle[],
  colors: ChartColors,
  now = performance.now(),
): void {
  api.overlay.history = candles.slice(-MAX_HISTORY);
  api.overlay.colors = colors;
  api.overlay.drawnAt = now;
  api.series.setData(candles.map(candleBar));
  fillOverlays(api, { volume: true, ma: true, ema: true });
  if (candles.length > 0 && candles.length <= FIT_BARS) api.chart.timeScale().fitContent();
}

/**
 * Draws a live candle over the last bar or after it (the caller checks it is not older): the candle at once, the
 * shown overlays on a new bar (the closed bar's final figures first) or when {@link OVERLAY_EVERY_MS} has passed.
 */
export function updateCandle(api: ChartSeries, candle: Candle, colors: ChartColors, now = performance.now()): void {
  const state = api.overlay;
  const last = state.history.at(-1);
  const isNewBar = last === undefined || timeOf(last) !== timeOf(candle);
  if (isNewBar) {
    state.history.push(candle);
    if (state.history.length > MAX_HISTORY) state.history.shift();
  } else state.history[state.history.length - 1] = candle;
  state.colors = colors;
  api.series.update(candleBar(candle));
  if (!isNewBar && now - state.drawnAt < OVERLAY_EVERY_MS) return;
  state.drawnAt = now;
  if (isNewBar && last) drawOverlays(api, last, colors);
  drawOverlays(api, candle, colors);
}

/** The candle drawn at a logical index (the one under the crosshair), read back from the series, or null. */
export function candleAt(api: ChartSeries, index: number): Candle | null {
  const bar = api.series.dataByIndex(index);
  if (!bar || !('close' in bar)) return null;
  const value = (series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>) => {
    const point = series.dataByIndex(index) as { value?: number } | null;
    return typeof point?.value === 'number' ? point.value : undefined;
  };
  return {
    time: (bar.time as number) * 1000,
    open: String(bar.open),
    high: String(bar.high),
    low: String(bar.low),
    close: String(bar.close),
    volume: value(api.volume),
    ma7: value(api.ma7),
    ma25: value(api.ma25),
    ema20: value(api.ema20),
  };
}
