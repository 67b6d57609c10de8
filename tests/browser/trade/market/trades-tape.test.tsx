import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { TradeFrame, TradeRowView } from '../../../../engine/market/trade-frame';
import { TradesTape } from '../../../../src/trade/market/TradesTape';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import { PageTapeCanvas } from '../../../../src/trade/market/panel-canvas';
import '../../ui/helpers';
import '../../../../src/trade/trade-page.css';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

function frame(trades: TradeFrame['trades']): TradeFrame {
  return {
    n: 1,
    connection: 'live',
    book: null,
    trades,
    ticker: null,
    candles: null,
    latestTs: 0,
    counters: ZERO_COUNTERS,
    ack: false,
  };
}

const trade = (id: number, side: 'buy' | 'sell'): TradeRowView => ({
  id: String(id),
  price: `68,00${id}.0`,
  size: `0.${id}`,
  time: `12:00:0${id}`,
  side,
});

/** Whether any pixel in a CSS-px band of the canvas is painted. */
function isPainted(canvas: HTMLCanvasElement, top: number, height: number): boolean {
  const scale = canvas.width / Number.parseFloat(canvas.style.inlineSize);
  const data = canvas
    .getContext('2d')!
    .getImageData(0, Math.round(top * scale), canvas.width, Math.round(height * scale)).data;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
  return false;
}

describe('TradesTape', () => {
  it('paints the newest trades from the top and lists them in words', async () => {
    const store = new FeedStore();
    const canvas = new PageTapeCanvas();
    store.subscribe('trades', () => canvas.paint({ reset: true, rows: store.snapshot.trades }));
    const screen = await render(
      <div style={{ inlineSize: '320px' }}>
        <TradesTape store={store} canvas={canvas} base="BTC" quote="USDT" />
      </div>,
    );
    store.apply(frame(null));
    await expect.element(screen.getByText('No trades yet.')).toBeInTheDocument();
    store.apply(frame({ reset: true, rows: [trade(2, 'buy'), trade(1, 'sell')] }));
    await expect.element(screen.getByTestId('trades-tape')).toBeInTheDocument();
    await vi.waitFor(() => expect(canvas.canvas.isConnected && canvas.canvas.width > 0).toBe(true));
    await vi.waitFor(() => expect(isPainted(canvas.canvas, 0, 17)).toBe(true));
    expect(isPainted(canvas.canvas, 17, 17)).toBe(true);
    expect(isPainted(canvas.canvas, 2 * 17, 17)).toBe(false);
    const items = [...screen.container.querySelectorAll('[data-testid="trades-tape"] li')].map((li) => li.textContent);
    expect(items).toEqual(['68,002.0 0.2 12:00:02', '68,001.0 0.1 12:00:01']);
  });
});
