import { barsDrawn } from '../../../../src/trade/market/chart-series';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { CandleBar, CandleView, TradeFrame } from '../../../../engine/market/trade-frame';
import { ChartPanel } from '../../../../src/trade/market/ChartPanel';
import type { CandleChartProps } from '../../../../src/trade/market/CandleChart';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import '../../ui/helpers';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

/** Live bars are drawn at the next animation frame. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const START = Date.UTC(2026, 10, 22, 8, 0) / 1000;

const bar = (i: number, close: number): CandleBar => ({
  time: START + i * 60,
  open: 100,
  high: Math.max(100, close),
  low: Math.min(100, close),
  close,
  volume: 1,
});
const candleFrame = (candles: CandleView): TradeFrame => ({
  n: 1,
  connection: 'live',
  book: null,
  trades: null,
  ticker: null,
  candles,
  latestTs: 0,
  counters: ZERO_COUNTERS,
  ack: false,
});

type Ready = Parameters<NonNullable<CandleChartProps['onReady']>>[0];

describe('ChartPanel', () => {
  it('draws the history, then each live bar straight from the store, without rendering the panel again', async () => {
    const store = new FeedStore();
    let commits = 0;
    let resolveReady: (ready: Ready) => void = () => {};
    const ready = new Promise<Ready>((resolve) => {
      resolveReady = resolve;
    });
    await render(
      <div style={{ width: 640, height: 360 }}>
        <Profiler id="chart" onRender={() => (commits += 1)}>
          <ChartPanel
            store={store}
            base="BTC"
            quote="USDT"
            pricePlaces={1}
            channel="candle1m"
            onChannel={() => undefined}
            onChartReady={resolveReady}
          />
        </Profiler>
      </div>,
    );
    // The chart loads on first use: a live bar that comes before it is there is kept in the history it draws.
    store.apply(candleFrame({ channel: 'candle1m', reset: true, bars: [bar(0, 101), bar(1, 102)] }));
    store.apply(candleFrame({ channel: 'candle1m', reset: false, bars: [bar(1, 103), bar(2, 104)] }));
    const chartApi = await ready;
    const series = { data: () => barsDrawn(chartApi) };
    await expect.poll(() => series.data().map((b) => ('close' in b ? b.close : null))).toEqual([101, 103, 104]);
    store.apply(candleFrame({ channel: 'candle1m', reset: false, bars: [bar(2, 105)] }));
    await nextFrame();
    expect(series.data().at(-1)).toMatchObject({ close: 105 });
    // Let the panel settle (the chart's ready state, the first live bar taking the empty state's place), then count.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const settled = commits;
    // A period closes and the next starts in one part.
    store.apply(candleFrame({ channel: 'candle1m', reset: false, bars: [bar(2, 106), bar(3, 107)] }));
    await nextFrame();
    expect(series.data().map((b) => ('close' in b ? b.close : null))).toEqual([101, 103, 106, 107]);
    // A late bar of the past is not drawn over the history.
    store.apply(candleFrame({ channel: 'candle1m', reset: false, bars: [bar(0, 1)] }));
    await nextFrame();
    expect(series.data()[0]).toMatchObject({ close: 101 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commits).toBe(settled);
  });

  it('empties the chart when the channel changes and its first part is an empty history', async () => {
    const store = new FeedStore();
    let resolveReady: (ready: Ready) => void = () => {};
    const ready = new Promise<Ready>((resolve) => {
      resolveReady = resolve;
    });
    store.apply(candleFrame({ channel: 'candle5m', reset: true, bars: [bar(0, 101)] }));
    const screen = await render(
      <div style={{ width: 640, height: 360 }}>
        <ChartPanel
          store={store}
          base="BTC"
          quote="USDT"
          pricePlaces={1}
          channel="candle5m"
          onChannel={() => undefined}
          onChartReady={resolveReady}
        />
      </div>,
    );
    const chartApi = await ready;
    const series = { data: () => barsDrawn(chartApi) };
    await expect.poll(() => series.data()).toHaveLength(1);
    await screen.rerender(
      <div style={{ width: 640, height: 360 }}>
        <ChartPanel
          store={store}
          base="BTC"
          quote="USDT"
          pricePlaces={1}
          channel="candle15m"
          onChannel={() => undefined}
          onChartReady={resolveReady}
        />
      </div>,
    );
    store.apply(candleFrame({ channel: 'candle15m', reset: true, bars: [] }));
    await expect.poll(() => series.data()).toHaveLength(0);
    // A live bar of the old channel is not drawn.
    store.apply(candleFrame({ channel: 'candle5m', reset: false, bars: [bar(1, 120)] }));
    await nextFrame();
    expect(series.data()).toHaveLength(0);
  });
});
