import { barsDrawn } from '../../../../src/trade/market/chart-series';
import type { BarPrice } from 'lightweight-charts';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { CandleBar, CandleView, TradeFrame } from '../../../../engine/market/trade-frame';
import { parseChartPreferences } from '../../../../engine/rules/chart-preferences';
import { ChartPanel } from '../../../../src/trade/market/ChartPanel';
import type { CandleChartProps } from '../../../../src/trade/market/CandleChart';
import { CHART_PREFERENCES_KEY } from '../../../../src/settings/chart-preferences';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import '../../ui/helpers';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

/** Live bars are drawn at the next animation frame. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const START = Date.UTC(2026, 10, 22, 8, 0) / 1000;

const bar = (i: number, open: number, close: number): CandleBar => ({
  time: START + i * 60,
  open,
  high: Math.max(open, close) + 1,
  low: Math.min(open, close) - 1,
  close,
  volume: 12.5,
  ma7: close - 0.25,
  ma25: close - 0.5,
  ema20: close - 0.75,
});
const frame = (candles: CandleView): TradeFrame => ({
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

function readyPromise() {
  let resolve: (ready: Ready) => void = () => {};
  const promise = new Promise<Ready>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const figure = (name: string) => document.querySelector(`.chart-legend [data-figure="${name}"]`)?.textContent;
const stored = () => parseChartPreferences(localStorage.getItem(CHART_PREFERENCES_KEY)).get('spot:BTCUSDT');

describe('the chart legend', () => {
  it('reads the newest candle, then each live bar, in the pair places, without rendering the panel again', async () => {
    localStorage.removeItem(CHART_PREFERENCES_KEY);
    const store = new FeedStore();
    const { promise, resolve } = readyPromise();
    let commits = 0;
    await render(
      <div style={{ width: 640, height: 360 }}>
        <Profiler id="chart" onRender={() => (commits += 1)}>
          <ChartPanel
            store={store}
            base="BTC"
            quote="USDT"
            pricePlaces={2}
            channel="candle1m"
            onChannel={() => undefined}
            preferenceKey="spot:BTCUSDT"
            onChartReady={resolve}
          />
        </Profiler>
      </div>,
    );
    store.apply(frame({ channel: 'candle1m', reset: true, bars: [bar(0, 1000, 1010), bar(1, 1010, 1234.5)] }));
    const chartApi = await promise;
    const series = { data: () => barsDrawn(chartApi) };
    await expect.poll(() => series.data().length).toBe(2);
    await expect.poll(() => figure('close')).toBe('1,234.50');
    expect(figure('open')).toBe('1,010.00');
    expect(figure('high')).toBe('1,235.50');
    expect(figure('low')).toBe('1,009.00');
    // Change of the candle: close − open, and its share of the open.
    expect(figure('change')).toBe('+224.50 (+22.23%)');
    expect(figure('volume')).toBe('12.5');
    expect(figure('ma7')).toBe('1,234.25');
    expect(figure('ma25')).toBe('1,234.00');
    // The EMA is off by default: not in the legend.
    expect(figure('ema20')).toBeUndefined();
    // The first live bar takes the empty state's place (one render, once); the ones after it render nothing.
    store.apply(frame({ channel: 'candle1m', reset: false, bars: [bar(1, 1010, 1100)] }));
    await nextFrame();
    expect(figure('close')).toBe('1,100.00');
    await new Promise((r) => setTimeout(r, 100));
    const settled = commits;

    store.apply(frame({ channel: 'candle1m', reset: false, bars: [bar(1, 1010, 990)] }));
    await nextFrame();
    expect(figure('close')).toBe('990.00');
    expect(figure('change')).toBe('-20.00 (-1.98%)');
    expect(document.querySelector('.chart-legend')?.getAttribute('data-direction')).toBe('down');
    await new Promise((r) => setTimeout(r, 100));
    expect(commits).toBe(settled);
  });

  it('labels the crosshair price on the price axis and follows the pointer freely', async () => {
    const store = new FeedStore();
    const { promise, resolve } = readyPromise();
    await render(
      <div style={{ width: 640, height: 360 }}>
        <ChartPanel
          store={store}
          base="BTC"
          quote="USDT"
          pricePlaces={2}
          channel="candle1m"
          onChannel={() => undefined}
          onChartReady={resolve}
        />
      </div>,
    );
    const { chart } = await promise;
    const { crosshair } = chart.options();
    expect(crosshair.mode).toBe(0);
    expect(crosshair.horzLine.labelVisible).toBe(true);
    expect(crosshair.vertLine.labelVisible).toBe(true);
    // The axis, and so the crosshair's label, writes prices as the legend does.
    await expect.poll(() => chart.options().localization.priceFormatter?.(68012.3 as BarPrice)).toBe('68,012.30');
  });

  it('switches volume and EMA from the keyboard, draws them accordingly and remembers them with the interval', async () => {
    localStorage.removeItem(CHART_PREFERENCES_KEY);
    const store = new FeedStore();
    const { promise, resolve } = readyPromise();
    const chosen: string[] = [];
    await render(
      <div style={{ width: 640, height: 360 }}>
        <ChartPanel
          store={store}
          base="BTC"
          quote="USDT"
          pricePlaces={2}
          channel="candle1H"
          onChannel={(channel) => chosen.push(channel)}
          preferenceKey="spot:BTCUSDT"
          onChartReady={resolve}
        />
      </div>,
    );
    // Hourly bars (the panel's interval), so the chart's time scale spaces them as it would.
    const hourly = (i: number, close: number): CandleBar => ({ ...bar(i, close - 5, close), time: START + i * 3600 });
    store.apply(frame({ channel: 'candle1H', reset: true, bars: [0, 1, 2, 3, 4, 5].map((i) => hourly(i, 1000 + i)) }));
    const api = await promise;
    // Drawn by the chart's own paint, from the history: a volume bar and an average point per candle, no EMA.
    await expect.poll(() => ({ ...api.overlays.drawn })).toEqual({ volume: 6, ma7: 6, ma25: 6, ema20: 0 });
    const menu = page.getByRole('button', { name: 'Indicators' });
    await menu.click();
    await expect.element(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await expect.element(page.getByRole('checkbox', { name: 'Volume' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await expect.element(page.getByRole('checkbox', { name: /EMA 20/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.poll(() => ({ ...api.overlays.drawn })).toEqual({ volume: 0, ma7: 6, ma25: 6, ema20: 6 });
    // A live bar: the overlays follow it at the next paint.
    store.apply(frame({ channel: 'candle1H', reset: false, bars: [hourly(6, 1010)] }));
    await expect.poll(() => api.overlays.drawn.ema20).toBe(7);
    expect(stored()).toEqual({ interval: 'candle1H', volume: false, ma: true, ema: true });
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: '1W', exact: true }).click();
    expect(chosen).toEqual(['candle1W']);
    expect(stored()).toEqual({ interval: 'candle1W', volume: false, ma: true, ema: true });
  });
});
