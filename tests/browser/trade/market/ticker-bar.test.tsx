import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { TickerView, TradeFrame } from '../../../../engine/market/trade-frame';
import { TickerBar } from '../../../../src/trade/market/TickerBar';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import '../../ui/helpers';
import '../../../../src/trade/trade-page.css';
import { ZERO_COUNTERS } from '../../../fixtures/feed-counters';

function tickerFrame(ticker: TickerView): TradeFrame {
  return {
    n: 1,
    connection: 'live',
    book: null,
    trades: null,
    ticker,
    candles: null,
    latestTs: 0,
    counters: ZERO_COUNTERS,
    ack: false,
  };
}

const TICKER: TickerView = {
  last: '68,000.0',
  lastRaw: '68000',
  change24h: '+1.20%',
  direction: 1,
  high24h: '69,000.0',
  low24h: '67,000.0',
  volume24h: '1,234.5',
  turnover24h: '83,000,000',
  markPrice: '68,001.0',
  markRaw: '68001',
  indexPrice: '68,002.0',
  fundingRate: '0.0100%',
};

/** Whole seconds of an hh:mm:ss text. */
const secondsOf = (text: string) =>
  text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

describe('TickerBar', () => {
  it('counts the funding time down with the ticker, and on its own once the ticker stops', async () => {
    const store = new FeedStore();
    const screen = await render(<TickerBar store={store} symbol="BTCUSDT" base="BTC" quote="USDT" market="futures" />);
    store.apply(tickerFrame({ ...TICKER, nextFundingTime: Date.now() + 3_600_000 }));
    const countdown = screen.getByTestId('funding-countdown');
    await expect.element(countdown).toHaveTextContent(/^0[01]:\d\d:\d\d$/);
    const first = secondsOf(countdown.element().textContent ?? '');
    expect(first).toBeGreaterThan(3590);
    expect(first).toBeLessThanOrEqual(3600);
    // No ticker comes any more: the countdown still moves, second by second.
    await expect
      .poll(() => secondsOf(countdown.element().textContent ?? ''), { timeout: 3500 })
      .toBeLessThanOrEqual(first - 2);
    // A ticker frame re-reads the clock at once.
    store.apply(tickerFrame({ ...TICKER, last: '68,100.0', nextFundingTime: Date.now() + 60_000 }));
    await expect.element(countdown).toHaveTextContent(/^00:0[01]:\d\d$/);
    await expect.element(screen.getByTestId('ticker-last')).toHaveTextContent('68,100.0');
  });
});
