import { useEffect, useRef, useState } from 'react';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useSnapshot } from 'valtio';
import { createFixedFormat } from '../../engine/format/fixed-format';
import { useIntlTag, useT } from '../i18n/i18n';
import { settingsState } from '../settings/settings';
import { StateView } from '../ui/StateView';
import type { FundPoint } from './fund-api';
import { formatAmount, formatDay } from './fund-format';

export interface FundHistoryChartProps {
  points: readonly FundPoint[];
  coin: string;
}

interface Drawn {
  chart: IChartApi;
  series: ISeriesApi<'Area'>;
}

/** Reads the chart's colours from the theme tokens under `element`. */
function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--color-text-muted', '#929aa5'),
    grid: token('--color-border', '#2b3139'),
    line: token('--color-primary', '#1da2b4'),
  };
}

/** A `#rrggbb` token with an alpha, for the area's fade (other colour forms are used as they are). */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!hex) return color;
  const [r, g, b] = hex.slice(1).map((part) => Number.parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * The fund's daily balances as an area chart (lightweight-charts, loaded on first use), themed from the CSS tokens and
 * with the price axis in the page's number format; a sentence below says the same for screen readers. The library's
 * attribution logo writes HTML, which the Trusted Types policy refuses, so it is off and credited as a link instead.
 */
export function FundHistoryChart({ points, coin }: FundHistoryChartProps) {
  const t = useT();
  const intl = useIntlTag();
  const { theme } = useSnapshot(settingsState);
  const host = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let created: IChartApi | null = null;
    import('lightweight-charts').then(
      ({ createChart, AreaSeries }) => {
        const element = host.current;
        if (disposed || !element) return;
        const chart = createChart(element, {
          autoSize: true,
          layout: { attributionLogo: false, background: { color: 'transparent' } },
          timeScale: { timeVisible: false, fixLeftEdge: true, fixRightEdge: true },
          handleScroll: false,
          handleScale: false,
        });
        const series = chart.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false });
        created = chart;
        setDrawn({ chart, series });
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours are the theme's CSS tokens; the theme says when they changed.
  useEffect(() => {
    const element = host.current;
    if (!drawn || !element) return;
    const colors = themeColors(element);
    drawn.chart.applyOptions({
      layout: { textColor: colors.text },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    });
    drawn.series.applyOptions({
      lineColor: colors.line,
      topColor: withAlpha(colors.line, 0.4),
      bottomColor: withAlpha(colors.line, 0),
    });
  }, [drawn, theme]);

  useEffect(() => {
    if (!drawn) return;
    // The axis in the page's language: string splicing from the locale's own separators, no float shown as text.
    const fixed = createFixedFormat(intl);
    drawn.chart.applyOptions({
      localization: {
        locale: intl,
        priceFormatter: (price: number) => (Number.isFinite(price) ? fixed.number(price.toFixed(0)) : ''),
        timeFormatter: (time: number) => formatDay(time * 1000, intl),
      },
    });
  }, [drawn, intl]);

  useEffect(() => {
    if (!drawn) return;
    // The chart plots numbers (pixels); every figure shown as text stays a decimal string.
    drawn.series.setData(
      points.map((point) => ({
        time: Math.floor(Number(point.time) / 1000) as UTCTimestamp,
        value: Number(point.balance),
      })),
    );
    drawn.chart.timeScale().fitContent();
  }, [drawn, points]);

  const first = points[0]!;
  const last = points[points.length - 1]!;
  const amount = (point: FundPoint) => `${formatAmount(point.balance, intl)} ${coin}`;
  if (failed) return <StateView state="error" message={t('fund.chartFailed')} />;
  return (
    <figure className="fund-chart">
      <div
        ref={host}
        className="fund-chart__canvas"
        data-testid="fund-chart"
        data-points={points.length}
        aria-hidden="true"
      />
      <figcaption className="fund-chart__summary">
        {t('fund.chartSummary', {
          firstDay: formatDay(first.time, intl),
          first: amount(first),
          lastDay: formatDay(last.time, intl),
          last: amount(last),
        })}
      </figcaption>
      <a
        className="fund-chart__credit"
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer nofollow"
      >
        {t('fund.chartCredit')}
      </a>
    </figure>
  );
}
