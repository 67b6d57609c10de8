import { describe, expect, it, vi } from 'vitest';
import { highestVolume, volumeColor } from '../../../../src/trade/market/chart-overlays';
import {
  type Candle,
  type ChartColors,
  type ChartSeries,
  candleAt,
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

type FakePair = Record<'closed' | 'live', ReturnType<typeof fakeSeries>>;

function fakeChart(): ChartSeries & { candles: FakePair; overlays: { redraw: ReturnType<typeof vi.fn> } } {
  return {
    chart: { timeScale: () => ({ fitContent: vi.fn() }) },
    candles: { closed: fakeSeries(), live: fakeSeries() },
    overlays: { redraw: vi.fn() },
    overlay: { shown: { volume: true, ma: true, ema: true }, history: [], bars: 0, colors: COLORS },
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

describe('chart series: the live bar in a series of its own, the overlays drawn from the history', () => {
  it('puts the closed bars in one series and the live one alone, and keeps the history for the overlays', () => {
    const api = fakeChart();
    setCandles(api, [candle(0, '1'), candle(1, '1.5'), candle(2, '1.7')], COLORS);
    expect(api.candles.closed.setData.mock.lastCall?.[0]).toHaveLength(2);
    expect(api.candles.live.setData).toHaveBeenLastCalledWith([{ time: 120, open: 1, high: 2, low: 0.5, close: 1.7 }]);
    expect(api.overlay.bars).toBe(3);
    expect(candleAt(api, 1)?.close).toBe('1.5');
    expect(candleAt(api, 3)).toBeNull();
    showOverlays(api, { volume: false, ma: true, ema: false });
    expect(api.overlay.shown).toEqual({ volume: false, ma: true, ema: false });
    expect(api.overlays.redraw).toHaveBeenCalled();
  });

  it('moves only the live series while a bar forms, and hands the closed series each bar that closes', () => {
    const api = fakeChart();
    setCandles(api, [candle(0, '1')], COLORS);
    api.candles.closed.setData.mockClear();
    for (let second = 1; second < 60; second += 1)
      updateCandle(api, candle(0, `1.${String(second).padStart(2, '0')}`), COLORS);
    expect(api.candles.live.update).toHaveBeenCalledTimes(59);
    // The closed bars are not touched while the bar forms: the chart would rebuild every one of them.
    expect(api.candles.closed.update).not.toHaveBeenCalled();
    expect(api.candles.closed.setData).not.toHaveBeenCalled();
    expect(candleAt(api, 0)?.close).toBe('1.59');
    // A new bar: the closed series takes the bar that closed (its final figures), the live one starts over.
    updateCandle(api, candle(1, '2', 7), COLORS);
    expect(api.candles.closed.update).toHaveBeenLastCalledWith({ time: 0, open: 1, high: 2, low: 0.5, close: 1.59 });
    expect(api.candles.live.setData).toHaveBeenLastCalledWith([{ time: 60, open: 1, high: 2, low: 0.5, close: 2 }]);
    expect(api.overlay.history.map((c) => c.close)).toEqual(['1.59', '2']);
    expect(candleAt(api, 1)?.ma7).toBe(7);
  });

  it('finds bars by chart index once the history keeps only the newest thousand', () => {
    const api = fakeChart();
    setCandles(
      api,
      Array.from({ length: 1000 }, (_, i) => candle(i, '1')),
      COLORS,
    );
    updateCandle(api, candle(1000, '3'), COLORS);
    expect(api.overlay.history).toHaveLength(1000);
    expect(api.overlay.bars).toBe(1001);
    expect(candleAt(api, 1000)?.close).toBe('3');
    expect(candleAt(api, 0)).toBeNull();
  });
});

describe('chart overlays: volume scale and colours', () => {
  it('scales the volume to the highest visible bar, clipped to the history', () => {
    const history = [1, 5, 2, 9, 3].map((volume) => ({ ...candle(0, '1'), volume }));
    const source = { shown: { volume: true, ma: true, ema: false }, history, bars: 7, colors: null };
    // Chart indices 2..6 hold the history (two older bars are no longer kept).
    expect(highestVolume(source, 0, 3.5)).toBe(5);
    expect(highestVolume(source, 2, 6)).toBe(9);
    expect(highestVolume(source, 6.2, 40)).toBe(3);
    expect(highestVolume(source, -10, 1)).toBe(0);
  });

  it('draws volume half transparent in the candle colour', () => {
    expect(volumeColor('#2ebd85')).toBe('#2ebd8580');
    expect(volumeColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
  });
});
