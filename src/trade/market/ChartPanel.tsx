import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CandleBar } from '../../../engine/market/trade-frame';
import { useT } from '../../i18n/i18n';
import { settingsState } from '../../settings/settings';
import { type Candle, CandleChart, type CandleChartProps, type LiveCandles } from './CandleChart';
import type { FeedStore } from './feed-store';

/** The K-line intervals offered, as the stream names their channels. */
export const CHART_INTERVALS = [
  { channel: 'candle1m', label: '1m' },
  { channel: 'candle5m', label: '5m' },
  { channel: 'candle15m', label: '15m' },
  { channel: 'candle1H', label: '1H' },
  { channel: 'candle4H', label: '4H' },
  { channel: 'candle1D', label: '1D' },
] as const;

export type ChartChannel = (typeof CHART_INTERVALS)[number]['channel'];

/** Reads an interval from a URL or storage: one of {@link CHART_INTERVALS}, else 15 minutes. */
export function chartChannelOf(value: unknown): ChartChannel {
  return CHART_INTERVALS.find((interval) => interval.channel === value)?.channel ?? 'candle15m';
}

function candleOf(bar: CandleBar): Candle {
  return {
    time: bar.time * 1000,
    open: String(bar.open),
    high: String(bar.high),
    low: String(bar.low),
    close: String(bar.close),
  };
}

/** Puts bars into a history: a bar at the last one's time replaces it, a later one is appended. */
function merged(history: readonly Candle[], bars: readonly Candle[]): Candle[] {
  const next = history.slice();
  for (const candle of bars) {
    const last = next.at(-1);
    if (last && last.time === candle.time) next[next.length - 1] = candle;
    else if (!last || candle.time > last.time) next.push(candle);
  }
  return next;
}

export interface ChartPanelProps {
  store: FeedStore;
  pricePlaces: number;
  channel: ChartChannel;
  onChannel: (channel: ChartChannel) => void;
  /** Passed to the chart (tests read the series through it). */
  onChartReady?: CandleChartProps['onReady'];
}

/**
 * The K-line panel: interval buttons and the chart. A history (on (re)subscribe) renders; the live bar, once a
 * second, goes straight to the chart from the store without a render.
 */
export function ChartPanel({ store, pricePlaces, channel, onChannel, onChartReady }: ChartPanelProps) {
  const t = useT();
  const { theme } = useSnapshot(settingsState);
  const [history, setHistory] = useState<Candle[]>([]);
  const live = useRef<((bars: readonly Candle[]) => void) | null>(null);
  const liveCandles = useCallback<LiveCandles>((listen) => {
    live.current = listen;
    return () => {
      if (live.current === listen) live.current = null;
    };
  }, []);

  useEffect(() => {
    const apply = () => {
      const part = store.snapshot.candles;
      if (!part) return;
      if (part.channel !== channel || part.bars.length === 0) {
        if (part.reset) setHistory([]);
        return;
      }
      const bars = part.bars.map(candleOf);
      if (part.reset) setHistory(bars);
      else if (live.current) live.current(bars);
      // The chart is still loading: the bars go into the history it draws once it is there.
      else setHistory((current) => merged(current, bars));
    };
    // The part already in the store (a history that came before this panel listened) first.
    apply();
    return store.subscribe('candles', apply);
  }, [store, channel]);

  return (
    <section className="trade-panel chart-panel" aria-labelledby="chart-title">
      <div className="trade-panel__head">
        <h2 id="chart-title">{t('trade.chart')}</h2>
        <fieldset className="chart-panel__intervals">
          <legend className="visually-hidden">{t('trade.interval')}</legend>
          {CHART_INTERVALS.map((interval) => (
            <button
              key={interval.channel}
              type="button"
              className="chart-panel__interval"
              aria-pressed={interval.channel === channel}
              onClick={() => onChannel(interval.channel)}
            >
              {interval.label}
            </button>
          ))}
        </fieldset>
      </div>
      <CandleChart
        candles={history}
        liveCandles={liveCandles}
        pricePlaces={pricePlaces}
        theme={theme}
        onReady={onChartReady}
      />
    </section>
  );
}
