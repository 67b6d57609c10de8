import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { FeedConnection, TickerView, TradeFrame } from '../../../../engine/market/trade-frame';
import { ConnectionBanner } from '../../../../src/trade/ConnectionBanner';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import { OrderBookPanel } from '../../../../src/trade/market/OrderBookPanel';
import { PageBookCanvas, PageTapeCanvas } from '../../../../src/trade/market/panel-canvas';
import { TickerBar } from '../../../../src/trade/market/TickerBar';
import { TradesTape } from '../../../../src/trade/market/TradesTape';
import '../../ui/helpers';
import '../../../../src/trade/trade-page.css';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

const BOOK = {
  status: 'live' as const,
  asks: [['68,001.0', '0.5', '0.5', 0.25] as const],
  bids: [['68,000.0', '0.2', '0.2', 0.1] as const],
  spread: '1.0',
  step: '0.1',
};

const TICKER: TickerView = {
  last: '68,000.0',
  lastRaw: '68000',
  change24h: '+1.20%',
  direction: 1,
  high24h: '69,000.0',
  low24h: '67,000.0',
  volume24h: '1.2K',
  turnover24h: '80M',
};

function frame(connection: FeedConnection, full = false): TradeFrame {
  return {
    n: 1,
    connection,
    book: full ? BOOK : null,
    trades: full
      ? { reset: true, rows: [{ id: '1', price: '68,000.5', size: '0.1', time: '12:00:01', side: 'buy' }] }
      : null,
    ticker: full ? TICKER : null,
    candles: null,
    latestTs: 0,
    counters: ZERO_COUNTERS,
    ack: false,
  };
}

/** The trading screen's market parts on one store, the canvases painted on this thread as without OffscreenCanvas. */
async function screen() {
  const store = new FeedStore();
  const book = new PageBookCanvas();
  const tape = new PageTapeCanvas();
  store.subscribe('book', () => store.snapshot.book && book.paint(store.snapshot.book));
  store.subscribe('trades', () => tape.paint({ reset: true, rows: store.snapshot.trades }));
  const view = await render(
    <div style={{ inlineSize: '360px' }}>
      <ConnectionBanner store={store} />
      <TickerBar store={store} symbol="BTCUSDT" base="BTC" quote="USDT" market="futures" />
      <OrderBookPanel
        store={store}
        canvas={book}
        rows={3}
        base="BTC"
        quote="USDT"
        steps={['0.1']}
        step="0.1"
        onStep={() => {}}
        onPick={() => {}}
      />
      <TradesTape store={store} canvas={tape} base="BTC" quote="USDT" />
    </div>,
  );
  return { store, view, book, tape };
}

/** Whether an element is drawn greyed: faded and without colour. */
function isGreyed(element: Element): boolean {
  const style = getComputedStyle(element);
  return Number(style.opacity) < 0.6 && style.filter.includes('grayscale(1)');
}

describe('stale market data on the trading screen', () => {
  it('greys the book, the tape (their canvases with them) and the ticker, marks them not live, and says so', async () => {
    const { store, view, book, tape } = await screen();
    store.apply(frame('live', true));
    const bookPanel = view.getByTestId('book-panel');
    const tapePanel = view.getByTestId('tape-panel');
    await expect.element(view.getByTestId('order-book')).toBeInTheDocument();
    await expect.element(view.getByTestId('trades-tape')).toBeInTheDocument();
    await vi.waitFor(() => expect(book.canvas.isConnected && tape.canvas.isConnected).toBe(true));
    await expect.element(bookPanel).toHaveAttribute('data-state', 'live');
    await expect.element(tapePanel).toHaveAttribute('data-state', 'live');
    await expect.element(view.getByTestId('ticker')).toHaveAttribute('data-state', 'live');
    expect(isGreyed(book.canvas)).toBe(false);
    expect(isGreyed(view.getByTestId('order-book').element())).toBe(false);
    await expect.element(view.getByTestId('connection-state')).toHaveTextContent('');

    store.apply(frame('stale'));
    await expect.element(view.getByTestId('connection-state')).toHaveAttribute('data-state', 'stale');
    await expect
      .element(view.getByTestId('connection-state'))
      .toHaveTextContent('Market data has stopped arriving. Prices shown may be out of date. Checking the connection…');
    await expect.element(bookPanel).toHaveAttribute('data-state', 'stale');
    await expect.element(tapePanel).toHaveAttribute('data-state', 'stale');
    await expect.element(view.getByTestId('ticker')).toHaveAttribute('data-state', 'stale');
    // The last book and trades stay on screen, greyed with their canvases, and say in words that they are not live.
    await expect.element(view.getByTestId('order-book')).toBeInTheDocument();
    expect(bookPanel.element().textContent).toContain('Not live');
    expect(tapePanel.element().textContent).toContain('Not live');
    await vi.waitFor(() => {
      // Opacity multiplies down the tree: the canvas inside the greyed body is drawn faded and colourless.
      expect(isGreyed(view.getByTestId('order-book').element())).toBe(true);
      expect(isGreyed(view.getByTestId('trades-tape').element())).toBe(true);
      expect(isGreyed(view.container.querySelector('.ticker__figures')!)).toBe(true);
    });
    expect(view.getByTestId('order-book').element().contains(book.canvas)).toBe(true);
    expect(view.getByTestId('trades-tape').element().contains(tape.canvas)).toBe(true);

    // Reconnecting: still not live; live again only when the feed says so (after its fresh snapshot).
    store.apply(frame('reconnecting'));
    await expect.element(tapePanel).toHaveAttribute('data-state', 'stale');
    await expect.element(view.getByTestId('connection-state')).toHaveTextContent('Connection lost. Reconnecting…');
    store.apply(frame('live', true));
    await expect.element(bookPanel).toHaveAttribute('data-state', 'live');
    await expect.element(tapePanel).toHaveAttribute('data-state', 'live');
    await expect.element(view.getByTestId('ticker')).toHaveAttribute('data-state', 'live');
    expect(bookPanel.element().textContent).not.toContain('Not live');
    expect(isGreyed(view.getByTestId('order-book').element())).toBe(false);
  });
});
