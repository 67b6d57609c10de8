import { type RefObject, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { formatDecimal } from '../../../engine/format/number-format';
import { localeEntryOf } from '../../../engine/rules/locales';
import { i18nState, useT } from '../../i18n/i18n';
import type { Candle, Overlays } from './chart-series';

/** Writes a candle's figures into the legend without a render (the live bar's once a second, a pointer's moves). */
export type LegendWriter = (candle: Candle | null) => void;

const FIGURES = ['open', 'high', 'low', 'close', 'change', 'volume', 'ma7', 'ma25', 'ema20'] as const;
type Figure = (typeof FIGURES)[number];

/** The legend's figures as text; a dash where there is nothing to show. */
function legendTexts(candle: Candle | null, places: number, intl: string): Record<Figure, string> & { sign: number } {
  const dash = '–';
  const price = (value: number | undefined) =>
    value === undefined || !Number.isFinite(value)
      ? dash
      : formatDecimal(value.toFixed(places), { intl, minFraction: places, maxFraction: places });
  if (!candle) {
    return {
      open: dash,
      high: dash,
      low: dash,
      close: dash,
      change: dash,
      volume: dash,
      ma7: dash,
      ma25: dash,
      ema20: dash,
      sign: 0,
    };
  }
  const open = Number(candle.open);
  const close = Number(candle.close);
  // Fixed to the pair's places first, so the change is the difference of the prices shown, not of binary floats.
  const change = (Number(close.toFixed(places)) - Number(open.toFixed(places))).toFixed(places);
  const sign = Math.sign(Number(change));
  const ratio = open > 0 ? ((close - open) / open).toFixed(6) : '0';
  const signed = { intl, signDisplay: 'exceptZero' as const };
  return {
    open: price(open),
    high: price(Number(candle.high)),
    low: price(Number(candle.low)),
    close: price(close),
    change: `${formatDecimal(change, { ...signed, minFraction: places, maxFraction: places })} (${formatDecimal(ratio, { ...signed, percent: true, minFraction: 2, maxFraction: 2 })})`,
    volume:
      candle.volume === undefined
        ? dash
        : formatDecimal(String(candle.volume), { intl, compact: true, maxFraction: 2 }),
    ma7: price(candle.ma7),
    ma25: price(candle.ma25),
    ema20: price(candle.ema20),
    sign,
  };
}

export interface ChartLegendProps {
  pricePlaces: number;
  overlays: Overlays;
  /** Set to the legend's writer while it is shown. */
  writerRef: RefObject<LegendWriter | null>;
}

/**
 * The row above the chart: open, high, low, close, change and change % of the candle under the pointer (else the
 * newest), volume and the averages, in the pair's price places and the page's language.
 */
export function ChartLegend({ pricePlaces, overlays, writerRef }: ChartLegendProps) {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const intl = localeEntryOf(locale).intl;
  const figures = useRef<Partial<Record<Figure, HTMLElement | null>>>({});
  const row = useRef<HTMLDivElement>(null);
  const shown = useRef<Candle | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: an overlay switched on shows its figure at once, written with the rest.
  useEffect(() => {
    const write: LegendWriter = (candle) => {
      shown.current = candle;
      const texts = legendTexts(candle, pricePlaces, intl);
      for (const name of FIGURES) {
        const element = figures.current[name];
        if (element && element.textContent !== texts[name]) element.textContent = texts[name];
      }
      const direction = texts.sign > 0 ? 'up' : texts.sign < 0 ? 'down' : 'flat';
      if (row.current && row.current.dataset.direction !== direction) row.current.dataset.direction = direction;
    };
    write(shown.current);
    writerRef.current = write;
    return () => {
      if (writerRef.current === write) writerRef.current = null;
    };
  }, [pricePlaces, intl, writerRef, overlays.volume, overlays.ma, overlays.ema]);

  const item = (name: Figure, label: string, isShown = true) =>
    isShown && (
      <span className={`chart-legend__item chart-legend__item--${name}`}>
        <span className="chart-legend__label">{label}</span>{' '}
        <bdi
          className="chart-legend__value"
          data-figure={name}
          ref={(element) => {
            figures.current[name] = element;
          }}
        >
          –
        </bdi>
      </span>
    );

  return (
    <div ref={row} className="chart-legend" data-direction="flat">
      <span className="visually-hidden">{t('chart.legend')}</span>
      {item('open', t('chart.open'))}
      {item('high', t('chart.high'))}
      {item('low', t('chart.low'))}
      {item('close', t('chart.close'))}
      {item('change', t('chart.change'))}
      {item('volume', t('chart.volume'), overlays.volume)}
      {item('ma7', t('chart.ma', { period: 7 }), overlays.ma)}
      {item('ma25', t('chart.ma', { period: 25 }), overlays.ma)}
      {item('ema20', t('chart.ema', { period: 20 }), overlays.ema)}
    </div>
  );
}
