import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { BookRowView, BookView, TradeFrame } from '../../../../engine/market/trade-frame';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import { OrderBookPanel } from '../../../../src/trade/market/OrderBookPanel';
import { PageBookCanvas } from '../../../../src/trade/market/panel-canvas';
import { BOOK_MODE_KEY, chooseBookMode, loadPanelModes, panelModes } from '../../../../src/trade/market/panel-modes';
import '../../ui/helpers';
import '../../../../src/trade/trade-page.css';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

const ROWS = 3;
const ROW = 17;
const SPREAD = 26;

const row = (price: number): BookRowView => [`${price.toLocaleString('en')}.0`, '1.0', '1.0', 0.5];
/** Twelve levels a side: more than any view shows. */
const BOOK: BookView = {
  status: 'live',
  asks: Array.from({ length: 12 }, (_, i) => row(68_001 + i)),
  bids: Array.from({ length: 12 }, (_, i) => row(68_000 - i)),
  spread: '1.0',
  step: '0.1',
};

function frame(book: BookView): TradeFrame {
  return {
    n: 1,
    connection: 'live',
    book,
    trades: null,
    ticker: null,
    candles: null,
    latestTs: 0,
    counters: ZERO_COUNTERS,
    ack: false,
  };
}

/** A book panel painted on the page, as useTradeFeed wires it without OffscreenCanvas. */
async function panel(onPick = vi.fn()) {
  const store = new FeedStore();
  const canvas = new PageBookCanvas();
  store.subscribe('book', () => {
    const book = store.snapshot.book;
    if (book) canvas.paint(book);
  });
  const screen = await render(
    <div style={{ inlineSize: '320px' }}>
      <OrderBookPanel
        store={store}
        canvas={canvas}
        rows={ROWS}
        base="BTC"
        quote="USDT"
        steps={['0.1']}
        step="0.1"
        onStep={() => {}}
        onPick={onPick}
      />
    </div>,
  );
  store.apply(frame(BOOK));
  await expect.element(screen.getByTestId('book-spread')).toHaveTextContent('1.0');
  return { store, canvas, screen, onPick };
}

const tablePrices = (screen: Awaited<ReturnType<typeof panel>>['screen']) =>
  [...screen.getByRole('table', { name: 'Order book' }).element().querySelectorAll('.book__price')].map(
    (cell) => cell.textContent,
  );

/** Waits until the painter has the panel's layout for `mode` (a price under a row that only that layout has). */
async function painted(canvas: PageBookCanvas, y: number, price: string | null) {
  await vi.waitFor(async () => expect(await canvas.priceAt(y)).toBe(price));
}

afterEach(() => {
  chooseBookMode('both');
  localStorage.removeItem(BOOK_MODE_KEY);
});

describe('OrderBookPanel book views', () => {
  it('offers the views as a radio group of named radios, both sides first', async () => {
    const { screen } = await panel();
    const group = screen.getByRole('radiogroup', { name: 'Book view' });
    await expect.element(group).toBeInTheDocument();
    await expect.element(group.getByRole('radio', { name: 'Bids and asks' })).toBeChecked();
    await expect.element(group.getByRole('radio', { name: 'Bids only' })).not.toBeChecked();
    await expect.element(group.getByRole('radio', { name: 'Asks only' })).not.toBeChecked();
  });

  it('bids only: twice the rows of bids under the spread in the same height, and only bids in the table', async () => {
    const { screen, canvas } = await panel();
    // Both sides: three asks, the spread, three bids.
    await painted(canvas, ROWS * ROW + SPREAD + ROW + 8, '67,999.0');
    const height = canvas.canvas.getBoundingClientRect().height;
    await screen.getByRole('radio', { name: 'Bids only' }).click();
    await expect.element(screen.getByTestId('book-panel')).toHaveAttribute('data-book-mode', 'bids');
    // The spread band on top, then six bids, best first.
    await painted(canvas, SPREAD + 8, '68,000.0');
    expect(await canvas.priceAt(SPREAD + 5 * ROW + 8)).toBe('67,995.0');
    expect(await canvas.priceAt(SPREAD / 2)).toBeNull();
    expect(canvas.canvas.getBoundingClientRect().height).toBe(height);
    expect(height).toBe(ROWS * 2 * ROW + SPREAD);
    expect(screen.getByRole('rowgroup', { name: 'Asks' }).query()).toBeNull();
    expect(tablePrices(screen)).toEqual(BOOK.bids.slice(0, 10).map((level) => level[0]));
  });

  it('asks only: twice the rows of asks above the spread, best lowest, and only asks in the table', async () => {
    const { screen, canvas } = await panel();
    await screen.getByRole('radio', { name: 'Asks only' }).click();
    await painted(canvas, 8, '68,006.0');
    expect(await canvas.priceAt(5 * ROW + 8)).toBe('68,001.0');
    expect(await canvas.priceAt(6 * ROW + SPREAD / 2)).toBeNull();
    expect(screen.getByRole('rowgroup', { name: 'Bids' }).query()).toBeNull();
    expect(tablePrices(screen)).toEqual(BOOK.asks.slice(0, 10).map((level) => level[0]));
    // Both sides again: five levels of each around the spread.
    await screen.getByRole('radio', { name: 'Bids and asks' }).click();
    await painted(canvas, 8, '68,003.0');
    expect(tablePrices(screen)).toEqual([
      ...BOOK.asks.slice(0, 5).map((level) => level[0]),
      ...BOOK.bids.slice(0, 5).map((level) => level[0]),
    ]);
  });

  it('still fills the order form with a clicked price in a one-sided view', async () => {
    const { screen, canvas, onPick } = await panel();
    await screen.getByRole('radio', { name: 'Bids only' }).click();
    await painted(canvas, SPREAD + 4 * ROW + 8, '67,996.0');
    const box = canvas.canvas.getBoundingClientRect();
    const paint = screen.container.querySelector<HTMLElement>('.book__paint')!;
    paint.dispatchEvent(
      new MouseEvent('click', { bubbles: true, clientX: box.left + 50, clientY: box.top + SPREAD + 4 * ROW + 8 }),
    );
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledWith('67,996.0'));
  });

  it('remembers the view on this device: a new panel, on any market, opens in it', async () => {
    const first = await panel();
    await first.screen.getByRole('radio', { name: 'Asks only' }).click();
    expect(localStorage.getItem(BOOK_MODE_KEY)).toBe('asks');
    await first.screen.unmount();
    const second = await panel();
    await expect.element(second.screen.getByRole('radio', { name: 'Asks only' })).toBeChecked();
    // What another tab kept is read again.
    localStorage.setItem(BOOK_MODE_KEY, 'bids');
    loadPanelModes();
    expect(panelModes.book).toBe('bids');
    await expect.element(second.screen.getByRole('radio', { name: 'Bids only' })).toBeChecked();
    // Anything else kept there reads as both sides.
    localStorage.setItem(BOOK_MODE_KEY, 'sideways');
    loadPanelModes();
    await expect.element(second.screen.getByRole('radio', { name: 'Bids and asks' })).toBeChecked();
  });
});
