import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CandleBar } from '../../../engine/market/trade-frame';
import {
  CHART_INTERVALS as INTERVAL_CHANNELS,
  type ChartInterval,
  chartIntervalOf,
  DEFAULT_CHART_PREFERENCE,
} from '../../../engine/rules/chart-preferences';
import { type MessageKey, useT } from '../../i18n/i18n';
import { loadChartPreference, saveChartPreference } from '../../settings/chart-preferences';
import { settingsState } from '../../settings/settings';
import { type Candle, CandleChart, type CandleChartProps, type LiveCandles, type Overlays } from './CandleChart';
import { DepthChart } from './DepthChart';
import type { FeedStore } from './feed-store';
import { IndicatorMenu } from './IndicatorMenu';
import { CHART_MODES, type ChartMode, chooseChartMode, panelModes } from './panel-modes';

const LABELS: Record<ChartInterval, string> = {
  candle1m: '1m',
  candle5m: '5m',
  candle15m: '15m',
  candle1H: '1H',
  candle4H: '4H',
  candle1D: '1D',
  candle1W: '1W',
};

/** The K-line intervals offered, 1 minute to 1 week, as the stream names their channels. */
export const CHART_INTERVALS = INTERVAL_CHANNELS.map((channel) => ({ channel, label: LABELS[channel] }));

export type ChartChannel = ChartInterval;

/** Reads an interval from a URL or storage: one of {@link CHART_INTERVALS}, else 15 minutes. */
export function chartChannelOf(value: unknown): ChartChannel {
  return chartIntervalOf(value) ?? DEFAULT_CHART_PREFERENCE.interval;
}

function candleOf(bar: CandleBar): Candle {
  return {
    time: bar.time * 1000,
    open: String(bar.open),
    high: String(bar.high),
    low: String(bar.low),
    close: String(bar.close),
    volume: bar.volume,
    ma7: bar.ma7,
    ma25: bar.ma25,
    ema20: bar.ema20,
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

const MODE_LABELS: Record<ChartMode, MessageKey> = { candles: 'trade.chart', depth: 'trade.depth' };

/** "Chart" | "Depth": a radio group of native radios ("Chart view"), styled as the interval buttons. */
function ChartModeToggle({ mode, onChange }: { mode: ChartMode; onChange: (mode: ChartMode) => void }) {
  const t = useT();
  const name = useId();
  return (
    <div className="chart-panel__modes" role="radiogroup" aria-label={t('trade.chartView')}>
      {CHART_MODES.map((option) => (
        <label key={option} className="chart-panel__mode" data-mode={option}>
          <input type="radio" name={name} value={option} checked={option === mode} onChange={() => onChange(option)} />
          <span className="chart-panel__interval">{t(MODE_LABELS[option])}</span>
        </label>
      ))}
    </div>
  );
}

export interface ChartPanelProps {
  store: FeedStore;
  /** The pair's coins, for the depth chart's figures. */
  base: string;
  quote: string;
  pricePlaces: number;
  channel: ChartChannel;
  onChannel: (channel: ChartChannel) => void;
  /** Where this symbol's interval and indicators are remembered (`chartPreferenceKey`); none: not remembered. */
  preferenceKey?: string | null;
  /** Passed to the chart (tests read the series through it). */
  onChartReady?: CandleChartProps['onReady'];
}

/**
 * The chart panel: the K-line chart (interval buttons, the indicators menu) or the depth chart, as this device last
 * chose. A history (on (re)subscribe) renders; the live bar, once a second, goes straight to the chart from the store
 * without a render. The interval and indicators chosen are remembered for the symbol.
 */
export function ChartPanel({
  store,
  base,
  quote,
  pricePlaces,
  channel,
  onChannel,
  preferenceKey = null,
  onChartReady,
}: ChartPanelProps) {
  const t = useT();
  const { theme } = useSnapshot(settingsState);
  const { chart: mode } = useSnapshot(panelModes);
  const [history, setHistory] = useState<Candle[]>([]);
  const [overlays, setOverlays] = useState<Overlays>(() => {
    const { volume, ma, ema } = loadChartPreference(preferenceKey);
    return { volume, ma, ema };
  });
  const live = useRef<((bars: readonly Candle[]) => void) | null>(null);
  const liveCandles = useCallback<LiveCandles>((listen) => {
    live.current = listen;
    return () => {
      if (live.current === listen) live.current = null;
    };
  }, []);

  const chooseInterval = (interval: ChartChannel) => {
    saveChartPreference(preferenceKey, { interval, ...overlays });
    onChannel(interval);
  };
  const chooseOverlays = (next: Overlays) => {
    setOverlays(next);
    saveChartPreference(preferenceKey, { interval: channel, ...next });
  };

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
        <div className="chart-panel__tools">
          <ChartModeToggle mode={mode} onChange={chooseChartMode} />
          {mode === 'candles' && (
            <>
              <fieldset className="chart-panel__intervals">
                <legend className="visually-hidden">{t('trade.interval')}</legend>
                {CHART_INTERVALS.map((interval) => (
                  <button
                    key={interval.channel}
                    type="button"
                    className="chart-panel__interval"
                    aria-pressed={interval.channel === channel}
                    onClick={() => chooseInterval(interval.channel)}
                  >
                    {interval.label}
                  </button>
                ))}
              </fieldset>
              <IndicatorMenu overlays={overlays} onChange={chooseOverlays} />
            </>
          )}
        </div>
      </div>
      {mode === 'candles' ? (
        <CandleChart
          candles={history}
          liveCandles={liveCandles}
          pricePlaces={pricePlaces}
          theme={theme}
          overlays={overlays}
          onReady={onChartReady}
        />
      ) : (
        <DepthChart store={store} base={base} quote={quote} theme={theme} />
      )}
    </section>
  );
}
