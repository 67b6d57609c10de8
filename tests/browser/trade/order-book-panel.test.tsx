import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { TradeFrame } from '../../../engine/market/trade-frame';
import { OrderBookPanel } from '../../../src/routes/-trade/OrderBookPanel';
import { FeedStore } from '../../../src/trade/feed-store';
import '../ui/helpers';
import '../../../src/routes/-trade/trade-page.css';

const COUNTERS = { messages: 0, bookUpdates: 0, gaps: 0, checksumMismatches: 0, resyncs: 0, reconnects: 0, dropped: 0, frames: 0 };

function frame(book: TradeFrame['book'], connection: TradeFrame['connection'] = 'live'): TradeFrame {
  return { n: 1, connection, book, trades: null, ticker: null, candles: null, latestTs: 0, counters: COUNTERS };
}

const LIVE = {
  status: 'live' as const,
  asks: [['68,001.0', '0.5', '0.5', 0.25] as const, ['68,002.0', '1.5', '2.0', 1] as const],
  bids: [['68,000.0', '0.2', '0.2', 0.1] as const],
  spread: '1.0',
  step: '0.1',
};

function panel(store: FeedStore, onPick = vi.fn()) {
  return render(<OrderBookPanel store={store} base="BTC" quote="USDT" steps={['0.1', '1']} step="0.1" onStep={() => {}} onPick={onPick} />);
}

describe('OrderBookPanel', () => {
  it('paints both sides with the best prices nearest the spread, and picks a clicked price', async () => {
    const store = new FeedStore();
    const onPick = vi.fn();
    const screen = await panel(store, onPick);
    store.apply(frame(LIVE));
    await expect.element(screen.getByTestId('book-spread')).toHaveTextContent('1.0');
    const rows = [...screen.container.querySelectorAll<HTMLElement>('.book__row')];
    expect(rows.map((row) => row.dataset.price)).toEqual(['68,001.0', '68,002.0', '68,000.0']);
    // Asks are listed best first and shown reversed, so the best ask sits just above the spread.
    const [best, worse] = rows;
    expect(best!.getBoundingClientRect().top).toBeGreaterThan(worse!.getBoundingClientRect().top);
    await screen.getByText('68,002.0').click();
    expect(onPick).toHaveBeenCalledWith('68,002.0');
  });

  it('never shows a book that is being rebuilt', async () => {
    const store = new FeedStore();
    const screen = await panel(store);
    store.apply(frame(LIVE));
    await expect.element(screen.getByTestId('order-book')).toBeInTheDocument();
    store.apply(frame({ ...LIVE, status: 'resyncing', asks: [], bids: [] }, 'reconnecting'));
    await expect.element(screen.getByText('Connection lost. Reconnecting…')).toBeInTheDocument();
    expect(screen.container.querySelector('[data-testid="order-book"]')).toBeNull();
  });
});
