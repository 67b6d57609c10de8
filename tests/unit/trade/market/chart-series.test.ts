import { describe, expect, it, vi } from 'vitest';
import {
  type Candle,
  type ChartColors,
  type ChartSeries,
  OVERLAY_EVERY_MS,
  setCandles,
  showOverlays,
  updateCandle,
} from '../../../../src/trade/market/chart-series';

const COLORS: ChartColors = {
  text: '#000000',
  grid: '#111111',
  up: '#00ff00',
  down: '#ff0000',
  ma7: '#222222',
  ma25: '#333333',
  ema20: '#444444',
};

/** A series that records what it was given. */
function fakeSeries() {
  return {
    setData: vi.fn(),
    update: vi.fn(),
    applyOptions: vi.fn(),
    priceScale: () => ({ applyOptions: vi.fn() }),
  };
}

function fakeChart(): ChartSeries &
  Record<'series' | 'volume' | 'ma7' | 'ma25' | 'ema20', ReturnType<typeof fakeSeries>> {
  return {
    chart: { timeScale: () => ({ fitContent: vi.fn() }) },
    series: fakeSeries(),
    volume: fakeSeries(),
    ma7: fakeSeries(),
    ma25: fakeSeries(),
    ema20: fakeSeries(),
    overlay: { shown: { volume: true, ma: true, ema: true }, history: [], drawnAt: 0, colors: COLORS },
  } as never;
}

const MINUTE = 60_000;
const candle = (minute: number, close: string, ma7 = 1): Candle => ({
  time: minute * MINUTE,
  open: '1',
  high: '2',
  low: '0.5',
  close,
  volume: 3,
  ma7,
  ma25: 1,
  ema20: 1,
});

describe('chart series: overlays follow the live bar sparingly', () => {
  it('gives a hidden overlay no data, and the whole history when it is shown', () => {
    const api = fakeChart();
    showOverlays(api, { volume: true, ma: true, ema: false });
    setCandles(api, [candle(0, '1'), candle(1, '1.5')], COLORS, 0);
    expect(api.ema20.setData).toHaveBeenLastCalledWith([]);
    expect(api.ma7.setData.mock.lastCall?.[0]).toHaveLength(2);
    showOverlays(api, { volume: true, ma: true, ema: true });
    expect(api.ema20.setData.mock.lastCall?.[0]).toHaveLength(2);
    showOverlays(api, { volume: false, ma: true, ema: true });
    expect(api.volume.setData).toHaveBeenLastCalledWith([]);
  });

  it('draws every live bar on the candles, and on the overlays at most every few seconds and on each new bar', () => {
    const api = fakeChart();
    showOverlays(api, { volume: true, ma: true, ema: false });
    setCandles(api, [candle(0, '1')], COLORS, 0);
    for (let second = 1; second < 60; second += 1)
      updateCandle(api, candle(0, `1.${String(second).padStart(2, '0')}`), COLORS, second * 1000);
    expect(api.series.update).toHaveBeenCalledTimes(59);
    expect(api.ma7.update.mock.calls.length).toBeLessThanOrEqual(Math.ceil(59_000 / OVERLAY_EVERY_MS));
    expect(api.ema20.update).not.toHaveBeenCalled();
    // A new bar: the closed bar's final figures, then the new one, at once.
    api.ma7.update.mockClear();
    updateCandle(api, candle(1, '2', 7), COLORS, 60_100);
    expect(api.ma7.update.mock.calls.map(([point]) => point)).toEqual([
      { time: 0, value: 1 },
      { time: 60, value: 7 },
    ]);
    expect(api.overlay.history.map((c) => c.close)).toEqual(['1.59', '2']);
  });
});
