import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { PAGE_BOOK_MS } from '../../../../engine/market/page-pacing';
import type { TradeFrame } from '../../../../engine/market/trade-frame';
import { OrderBookPanel } from '../../../../src/trade/market/OrderBookPanel';
import { PageBookCanvas, type PanelCanvasHandle } from '../../../../src/trade/market/panel-canvas';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import '../../ui/helpers';
import '../../../../src/trade/trade-page.css';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

function frame(book: TradeFrame['book'], connection: TradeFrame['connection'] = 'live'): TradeFrame {
  return {
    n: 1,
    connection,
    book,
    trades: null,
    ticker: null,
    candles: null,
    latestTs: 0,
    counters: ZERO_COUNTERS,
    ack: false,
  };
}

const LIVE = {
  status: 'live' as const,
  asks: [['68,001.0', '0.5', '0.5', 0.25] as const, ['68,002.0', '1.5', '2.0', 1] as const],
  bids: [['68,000.0', '0.2', '0.2', 0.1] as const],
  spread: '1.0',
  step: '0.1',
};

const ROWS = 3;

function panel(store: FeedStore, canvas: PanelCanvasHandle, onPick = vi.fn()) {
  return render(
    <div style={{ inlineSize: '320px' }}>
      <OrderBookPanel
        store={store}
        canvas={canvas}
        rows={ROWS}
        base="BTC"
        quote="USDT"
        steps={['0.1', '1']}
        step="0.1"
        onStep={() => {}}
        onPick={onPick}
      />
    </div>,
  );
}

/** Whether any pixel in a CSS-px band of the canvas is painted. */
function isPainted(canvas: HTMLCanvasElement, top: number, height: number): boolean {
  // Device pixels per CSS pixel, from the size the panel gave the canvas (it may be detached by now).
  const scale = canvas.width / Number.parseFloat(canvas.style.inlineSize);
  const data = canvas
    .getContext('2d')!
    .getImageData(0, Math.round(top * scale), canvas.width, Math.round(height * scale)).data;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
  return false;
}

/** A store and a page canvas wired as useTradeFeed wires them when the page paints the book. */
function paintedStore() {
  const store = new FeedStore();
  const canvas = new PageBookCanvas();
  store.subscribe('book', () => {
    const book = store.snapshot.book;
    if (book) canvas.paint(book);
  });
  return { store, canvas };
}

describe('OrderBookPanel', () => {
  it('paints both sides on its canvas, best prices nearest the spread, and picks a clicked price', async () => {
    const { store, canvas } = paintedStore();
    const onPick = vi.fn();
    const screen = await panel(store, canvas, onPick);
    store.apply(frame(LIVE));
    await expect.element(screen.getByTestId('book-spread')).toHaveTextContent('1.0');
    await vi.waitFor(() => expect(canvas.canvas.isConnected && canvas.canvas.width > 0).toBe(true));
    await vi.waitFor(() => expect(canvas.canvas.getBoundingClientRect().height).toBe(ROWS * 2 * 17 + 26));
    const box = canvas.canvas.getBoundingClientRect();
    // As wide as the panel's content box.
    expect(box.width).toBe(screen.container.querySelector<HTMLElement>('.book__paint')!.clientWidth);
    expect(box.width).toBeGreaterThan(250);
    // Asks fill the two rows above the spread (best lowest), the top row is empty; one bid below the spread.
    await vi.waitFor(() => expect(isPainted(canvas.canvas, 2 * 17, 17)).toBe(true));
    expect(isPainted(canvas.canvas, 17, 17)).toBe(true);
    expect(isPainted(canvas.canvas, 0, 17)).toBe(false);
    expect(isPainted(canvas.canvas, 3 * 17 + 26, 17)).toBe(true);
    expect(isPainted(canvas.canvas, 3 * 17 + 26 + 17, 17)).toBe(false);
    // A click on the second ask row (from the spread) picks its price; one on the spread picks nothing.
    const paint = screen.container.querySelector<HTMLElement>('.book__paint')!;
    paint.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left + 50, clientY: box.top + 17 + 8 }));
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledWith('68,002.0'));
    paint.dispatchEvent(
      new MouseEvent('click', { bubbles: true, clientX: box.left + 50, clientY: box.top + 3 * 17 + 10 }),
    );
    paint.dispatchEvent(
      new MouseEvent('click', { bubbles: true, clientX: box.left + 50, clientY: box.top + 3 * 17 + 26 + 5 }),
    );
    await vi.waitFor(() => expect(onPick).toHaveBeenLastCalledWith('68,000.0'));
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('says the book in words: the asks, the spread and the bids in a table', async () => {
    const { store, canvas } = paintedStore();
    const screen = await panel(store, canvas);
    store.apply(frame(LIVE));
    const table = screen.getByRole('table', { name: 'Order book' });
    await expect.element(table).toBeInTheDocument();
    const texts = [...table.element().querySelectorAll('.book__price')].map((cell) => cell.textContent);
    expect(texts).toEqual(['68,001.0', '68,002.0', '68,000.0']);
  });

  it('never shows a book that is being rebuilt, and clears its picture', async () => {
    const { store, canvas } = paintedStore();
    const screen = await panel(store, canvas);
    store.apply(frame(LIVE));
    await expect.element(screen.getByTestId('order-book')).toBeInTheDocument();
    await vi.waitFor(() => expect(isPainted(canvas.canvas, 2 * 17, 17)).toBe(true));
    store.apply(frame({ ...LIVE, status: 'resyncing', asks: [], bids: [] }, 'reconnecting'));
    await expect.element(screen.getByText('Connection lost. Reconnecting…')).toBeInTheDocument();
    expect(screen.container.querySelector('[data-testid="order-book"]')).toBeNull();
    expect(canvas.canvas.isConnected).toBe(false);
    expect(isPainted(canvas.canvas, 0, ROWS * 2 * 17 + 26)).toBe(false);
  });

  it('refreshes the table at most once per PAGE_BOOK_MS, but at once when the book comes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { store, canvas } = paintedStore();
      const screen = await panel(store, canvas);
      store.apply(frame(LIVE));
      await expect.element(screen.getByTestId('book-spread')).toHaveTextContent('1.0');
      store.apply(frame({ ...LIVE, spread: '2.0' }));
      store.apply(frame({ ...LIVE, spread: '3.0' }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(screen.getByTestId('book-spread').element().textContent).toBe('1.0');
      vi.advanceTimersByTime(PAGE_BOOK_MS);
      await expect.element(screen.getByTestId('book-spread')).toHaveTextContent('3.0');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows each copy in the frame that brought it when the market worker paints the book (the worker already sends it seldom)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const store = new FeedStore();
      const canvas: PanelCanvasHandle = {
        canvas: document.createElement('canvas'),
        panel: 'book',
        kind: 'worker',
        setLayout: () => undefined,
        priceAt: async () => null,
      };
      const screen = await panel(store, canvas);
      store.apply(frame(LIVE));
      await expect.element(screen.getByTestId('book-spread')).toHaveTextContent('1.0');
      store.apply(frame({ ...LIVE, spread: '2.0' }));
      // Painted in the next frame, with no timer run: not held for PAGE_BOOK_MS, nor a frame of its own later.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(screen.getByTestId('book-spread').element().textContent).toBe('2.0');
    } finally {
      vi.useRealTimers();
    }
  });
});
