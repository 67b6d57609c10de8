import { useEffect, useRef, useState } from 'react';
import type { MouseEventParams } from 'lightweight-charts';
import { useSnapshot } from 'valtio';
import { createFixedFormat } from '../../../engine/format/fixed-format';
import { localeEntryOf } from '../../../engine/rules/locales';
import { i18nState, useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { ChartLegend, type LegendWriter } from './ChartLegend';
import {
  applyColors,
  applyPriceFormat,
  type Candle,
  type ChartColors,
  type ChartSeries,
  candleAt,
  createChartSeries,
  type Overlays,
  setCandles,
  showOverlays,
  themeColors,
  updateCandle,
} from './chart-series';
import './candle-chart.css';

export type { Candle, Overlays } from './chart-series';

/** Where live candles come from without a render: `listen` gets each batch of bars at or after the history's end. */
export type LiveCandles = (listen: (bars: readonly Candle[]) => void) => () => void;

/** Volume and the moving averages on, the exponential one off. */
const DEFAULT_OVERLAYS: Overlays = { volume: true, ma: true, ema: false };

export interface CandleChartProps {
  candles: readonly Candle[];
  /** The candle still forming; replaces the last one or starts the next. */
  live?: Candle | null;
  /**
   * Live candles as they come, drawn without rendering anything: the page's once-a-second live bar then costs the
   * chart's own redraw and the legend's text, and no React render. A bar that closes a period and the next one may
   * come together.
   */
  liveCandles?: LiveCandles;
  pricePlaces: number;
  theme: 'dark' | 'light';
  /** Which overlays are drawn (and shown in the legend). */
  overlays?: Overlays;
  /** Called once the chart and its series exist (tests read the series through it). */
  onReady?: (chart: ChartSeries) => void;
}

/**
 * The K-line chart (lightweight-charts, loaded on first use so the markets page never pays for it): candles, volume
 * in the lowest fifth, MA and EMA lines, a crosshair labelled on both axes, and a legend of the candle under the
 * pointer. The library's own attribution logo writes HTML, which the page's Trusted Types policy refuses, so the
 * attribution the licence asks for is a plain link under the chart instead.
 */
export function CandleChart({
  candles,
  live,
  liveCandles,
  pricePlaces,
  theme,
  overlays = DEFAULT_OVERLAYS,
  onReady,
}: CandleChartProps) {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const intl = localeEntryOf(locale).intl;
  const host = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<ChartSeries | null>(null);
  const [failed, setFailed] = useState(false);
  /** Whether a live bar came through `liveCandles` (the empty state goes); set once. */
  const [hasLiveBars, setHasLiveBars] = useState(false);
  const hasLiveBarsRef = useRef(false);
  const onReadyRef = useRef(onReady);
  const colors = useRef<ChartColors | null>(null);
  const legend = useRef<LegendWriter | null>(null);
  /** The newest candle drawn, which the legend shows while no candle is under the pointer. */
  const newest = useRef<Candle | null>(null);
  const isHovering = useRef(false);
  /** The time (s) of the chart's newest bar, or null: `series.data()` would copy every bar to tell it, once a second. */
  const lastBarTime = useRef<number | null>(null);
  onReadyRef.current = onReady;

  /** Draws a live candle over the last bar or after it; a late candle of the past is dropped, not drawn wrong. */
  const drawLive = (chart: ChartSeries, candle: Candle): boolean => {
    const time = Math.floor(candle.time / 1000);
    if ((lastBarTime.current !== null && lastBarTime.current > time) || !colors.current) return false;
    updateCandle(chart, candle, colors.current);
    lastBarTime.current = time;
    newest.current = candle;
    if (!isHovering.current) legend.current?.(candle);
    return true;
  };

  useEffect(() => {
    let disposed = false;
    let created: ChartSeries | null = null;
    import('lightweight-charts').then(
      (library) => {
        const element = host.current;
        if (disposed || !element) return;
        colors.current = themeColors(element);
        const chart = createChartSeries(library, element, colors.current);
        // The pointer's candle goes to the legend; leaving the chart shows the newest again.
        chart.chart.subscribeCrosshairMove((param: MouseEventParams) => {
          const hovered = param.logical !== undefined && param.point ? candleAt(chart, param.logical) : null;
          isHovering.current = hovered !== null;
          legend.current?.(hovered ?? newest.current);
        });
        created = chart;
        setApi(chart);
        onReadyRef.current?.(chart);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      created?.chart.remove();
    };
  }, []);

  useEffect(() => {
    if (!api) return;
    applyPriceFormat(api, pricePlaces);
    // The axis and the crosshair's price label in the page's language, as the legend: string splicing, no Intl call.
    const fixed = createFixedFormat(intl);
    api.chart.applyOptions({
      localization: {
        locale: intl,
        priceFormatter: (price: number) => (Number.isFinite(price) ? fixed.number(price.toFixed(pricePlaces)) : ''),
      },
    });
  }, [api, pricePlaces, intl]);

  useEffect(() => {
    if (api) showOverlays(api, overlays);
  }, [api, overlays]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours are the theme's CSS tokens; the theme prop says when they changed.
  useEffect(() => {
    const element = host.current;
    if (!api || !element) return;
    colors.current = themeColors(element);
    applyColors(api, colors.current);
  }, [api, theme]);

  useEffect(() => {
    if (!api || !colors.current) return;
    setCandles(api, candles, colors.current);
    lastBarTime.current = candles.length > 0 ? Math.floor(candles[candles.length - 1].time / 1000) : null;
    newest.current = candles.at(-1) ?? null;
    if (!isHovering.current) legend.current?.(newest.current);
  }, [api, candles]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawLive reads only refs.
  useEffect(() => {
    if (api && live) drawLive(api, live);
  }, [api, live]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawLive reads only refs.
  useEffect(() => {
    if (!api || !liveCandles) return;
    // Set at once: the chart redraws in its own animation-frame callback, so the live bar paints in the same frame as
    // the figures of the message that brought it (the feed sends it with a ticker frame), one frame instead of two.
    return liveCandles((bars) => {
      let isDrawn = false;
      for (const candle of bars) isDrawn = drawLive(api, candle) || isDrawn;
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
      <ChartLegend pricePlaces={pricePlaces} overlays={overlays} writerRef={legend} />
      <div ref={host} className="candle-chart__canvas" data-status={status} data-bars={candles.length} />
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
