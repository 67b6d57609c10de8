import { barsDrawn } from '../../../../src/trade/market/chart-series';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { type Candle, CandleChart } from '../../../../src/trade/market/CandleChart';
import '../../ui/helpers';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 22, 8, 0);

function candles(count: number): Candle[] {
  return Array.from({ length: count }, (_, i) => {
    const open = 68_000 + i * 10;
    return {
      time: START + i * MINUTE,
      open: `${open}.0`,
      high: `${open + 25}.5`,
      low: `${open - 20}.0`,
      close: `${open + 10}.0`,
    };
  });
}

function ready() {
  let resolve: (value: Parameters<NonNullable<Parameters<typeof CandleChart>[0]['onReady']>>[0]) => void = () => {};
  const promise = new Promise<Parameters<NonNullable<Parameters<typeof CandleChart>[0]['onReady']>>[0]>((r) => {
    resolve = r;
  });
  return { promise, onReady: resolve };
}

describe('CandleChart', () => {
  it('draws the candles on a canvas, then moves the live candle and starts the next', async () => {
    const { promise, onReady } = ready();
    const data = candles(50);
    const screen = await render(
      <div style={{ width: 640, height: 320 }}>
        <CandleChart candles={data} pricePlaces={1} theme="dark" onReady={onReady} />
      </div>,
    );
    const chartApi = await promise;
    const series = { data: () => barsDrawn(chartApi) };
    await expect.poll(() => series.data().length).toBe(50);
    const canvas = document.querySelector('.candle-chart canvas') as HTMLCanvasElement;
    expect(canvas.width).toBeGreaterThan(100);

    const last = data[49];
    await screen.rerender(
      <div style={{ width: 640, height: 320 }}>
        <CandleChart
          candles={data}
          live={{ ...last, high: '69000.0', close: '68999.0' }}
          pricePlaces={1}
          theme="dark"
          onReady={onReady}
        />
      </div>,
    );
    await expect.poll(() => series.data().at(-1)).toMatchObject({ high: 69000, close: 68999 });
    expect(series.data()).toHaveLength(50);

    await screen.rerender(
      <div style={{ width: 640, height: 320 }}>
        <CandleChart
          candles={data}
          live={{ ...last, time: last.time + MINUTE, close: '68990.0' }}
          pricePlaces={1}
          theme="light"
          onReady={onReady}
        />
      </div>,
    );
    await expect.poll(() => series.data()).toHaveLength(51);
  });

  it('ignores a late live candle from before the last bar instead of drawing it wrong', async () => {
    const { promise, onReady } = ready();
    const data = candles(10);
    const screen = await render(<CandleChart candles={data} pricePlaces={1} theme="dark" onReady={onReady} />);
    const chartApi = await promise;
    const series = { data: () => barsDrawn(chartApi) };
    await expect.poll(() => series.data().length).toBe(10);
    await screen.rerender(
      <CandleChart candles={data} live={{ ...data[3], close: '1.0' }} pricePlaces={1} theme="dark" onReady={onReady} />,
    );
    expect(series.data()[3]).toMatchObject({ close: Number(data[3].close) });
  });

  it('says so when there are no candles, and credits the chart library with a safe link', async () => {
    await render(<CandleChart candles={[]} pricePlaces={2} theme="dark" />);
    await expect.element(page.getByRole('status')).toHaveTextContent('No candles');
    const credit = page.getByRole('link', { name: 'Charting by TradingView' });
    await expect.element(credit).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(document.querySelector('#tv-attr-logo')).toBeNull();
  });
});
