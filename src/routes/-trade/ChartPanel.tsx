import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CandleBar } from '../../../engine/market/trade-frame';
import { useT } from '../../i18n/i18n';
import { settingsState } from '../../settings/settings';
import { type Candle, CandleChart } from '../../trade/CandleChart';
import { type FeedStore, useFeedPart } from '../../trade/feed-store';

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
  return { time: bar.time * 1000, open: String(bar.open), high: String(bar.high), low: String(bar.low), close: String(bar.close) };
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
}

/** The K-line panel: interval buttons and the chart; history on (re)subscribe, then the live bar. */
export function ChartPanel({ store, pricePlaces, channel, onChannel }: ChartPanelProps) {
  const t = useT();
  const { theme } = useSnapshot(settingsState);
  const part = useFeedPart(store, 'candles');
  const serial = useFeedPart(store, 'candleSerial');
  const [history, setHistory] = useState<Candle[]>([]);
  const [live, setLive] = useState<Candle | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each candle part is applied once, when its serial moves.
  useEffect(() => {
    if (!part || part.channel !== channel || part.bars.length === 0) {
      if (part?.reset) setHistory([]);
      return;
    }
    const bars = part.bars.map(candleOf);
    if (part.reset) {
      setHistory(bars);
      setLive(null);
    } else if (bars.length > 1) {
      // A new period carries the final values of the one that closed: keep them in the history.
      setHistory((current) => merged(current, bars.slice(0, -1)));
      setLive(bars.at(-1) ?? null);
    } else {
      setLive(bars[0] ?? null);
    }
  }, [serial]);

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
      <CandleChart candles={history} live={live} pricePlaces={pricePlaces} theme={theme} />
    </section>
  );
}
