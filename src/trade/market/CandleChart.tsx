import { useEffect, useRef, useState } from 'react';
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import './candle-chart.css';

/** One candle as the market worker hands it over: open time in ms, prices as decimal strings. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}

/** Where live candles come from without a render: `listen` gets each batch of bars at or after the history's end. */
export type LiveCandles = (listen: (bars: readonly Candle[]) => void) => () => void;

export interface CandleChartProps {
  candles: readonly Candle[];
  /** The candle still forming; replaces the last one or starts the next. */
  live?: Candle | null;
  /**
   * Live candles as they come, drawn without rendering anything: the page's once-a-second live bar then costs the
   * chart's own redraw and no React render. A bar that closes a period and the next one may come together.
   */
  liveCandles?: LiveCandles;
  pricePlaces: number;
  theme: 'dark' | 'light';
  /** Called once the chart and its series exist (tests read the series through it). */
  onReady?: (chart: { chart: IChartApi; series: ISeriesApi<'Candlestick'> }) => void;
}

function bar(candle: Candle): CandlestickData<UTCTimestamp> {
  // The chart plots numbers; the figures shown as text elsewhere stay strings.
  return {
    time: Math.floor(candle.time / 1000) as UTCTimestamp,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

/**
 * Draws a live candle over the chart's last bar or after it; true when drawn. The chart only takes a bar at or after
 * its last one: a late candle of the past is dropped, not drawn wrong.
 */
function drawLive(series: ISeriesApi<'Candlestick'>, lastBarTime: { current: number | null }, candle: Candle): boolean {
  const next = bar(candle);
  if (lastBarTime.current !== null && lastBarTime.current > (next.time as number)) return false;
  series.update(next);
  lastBarTime.current = next.time as number;
  return true;
}

function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--color-text-muted', '#929aa5'),
    grid: token('--color-border', '#2b3139'),
    up: token('--color-up', '#2ebd85'),
    down: token('--color-down', '#f85f73'),
  };
}

/**
 * The K-line chart (lightweight-charts, loaded on first use so the markets page never pays for it). The library's
 * own attribution logo writes HTML, which the page's Trusted Types policy refuses, so the attribution the licence
 * asks for is a plain link under the chart instead.
 */
export function CandleChart({ candles, live, liveCandles, pricePlaces, theme, onReady }: CandleChartProps) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<{ chart: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);
  const [failed, setFailed] = useState(false);
  /** Whether a live bar came through `liveCandles` (the empty state goes); set once. */
  const [hasLiveBars, setHasLiveBars] = useState(false);
  const hasLiveBarsRef = useRef(false);
  const onReadyRef = useRef(onReady);
  /** The time (s) of the chart's newest bar, or null: `series.data()` would copy every bar to tell it, once a second. */
  const lastBarTime = useRef<number | null>(null);
  onReadyRef.current = onReady;

  useEffect(() => {
    let disposed = false;
    let created: IChartApi | null = null;
    import('lightweight-charts').then(
      ({ createChart, CandlestickSeries }) => {
        const element = host.current;
        if (disposed || !element) return;
        const colors = themeColors(element);
        const chart = createChart(element, {
          autoSize: true,
          layout: { attributionLogo: false, background: { color: 'transparent' }, textColor: colors.text },
          grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
          timeScale: { timeVisible: true, secondsVisible: false },
        });
        const series = chart.addSeries(CandlestickSeries, {
          upColor: colors.up,
          downColor: colors.down,
          borderVisible: false,
          wickUpColor: colors.up,
          wickDownColor: colors.down,
        });
        created = chart;
        const ready = { chart, series };
        setApi(ready);
        onReadyRef.current?.(ready);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      created?.remove();
    };
  }, []);

  useEffect(() => {
    api?.series.applyOptions({ priceFormat: { type: 'price', precision: pricePlaces, minMove: 10 ** -pricePlaces } });
  }, [api, pricePlaces]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours are the theme's CSS tokens; the theme prop says when they changed.
  useEffect(() => {
    const element = host.current;
    if (!api || !element) return;
    const colors = themeColors(element);
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
  }, [api, theme]);

  useEffect(() => {
    if (!api) return;
    const bars = candles.map(bar);
    api.series.setData(bars);
    lastBarTime.current = bars.length > 0 ? (bars[bars.length - 1].time as number) : null;
  }, [api, candles]);

  useEffect(() => {
    const series = api?.series;
    if (!series || !live) return;
    drawLive(series, lastBarTime, live);
  }, [api, live]);

  useEffect(() => {
    const series = api?.series;
    if (!series || !liveCandles) return;
    return liveCandles((bars) => {
      let isDrawn = false;
      for (const candle of bars) isDrawn = drawLive(series, lastBarTime, candle) || isDrawn;
      // Once: setting the same state again can still cost a render.
      if (isDrawn && !hasLiveBarsRef.current) {
        hasLiveBarsRef.current = true;
        setHasLiveBars(true);
      }
    });
  }, [api, liveCandles]);

  const status = failed ? 'failed' : api ? 'ready' : 'loading';

  return (
    <figure className="candle-chart">
      <div ref={host} className="candle-chart__canvas" data-status={status} />
      {status === 'loading' && <StateView state="loading" className="candle-chart__state" />}
      {status === 'failed' && <StateView state="error" message={t('chart.failed')} className="candle-chart__state" />}
      {status === 'ready' && candles.length === 0 && !live && !hasLiveBars && (
        <StateView state="empty" message={t('chart.empty')} className="candle-chart__state" />
      )}
      <figcaption className="candle-chart__credit">
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer nofollow">
          {t('chart.credit')}
        </a>
      </figcaption>
    </figure>
  );
}
