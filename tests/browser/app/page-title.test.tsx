import { useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { pairText } from '../../../src/app/page-title';
import {
  onTitlePair,
  TITLE_PRICE_INTERVAL_MS,
  TITLE_PRICE_SLACK_MS,
  TITLE_PRICE_TRAILING_MS,
  type TickerSource,
  type TitlePair,
  titlePair,
  usePageTitlePrice,
} from '../../../src/ui/page-title';

/** A ticker like the trading screen's feed store: a last price and listeners woken when it changes. */
class FakeTicker implements TickerSource {
  snapshot: { ticker: { last: string } | null } = { ticker: null };
  private readonly listeners = new Set<() => void>();
  subscribe(_part: 'ticker', listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(last: string): void {
    this.snapshot = { ticker: { last } };
    for (const listener of this.listeners) listener();
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
}

/** What the shell's title would read, with the time each pair reached it. */
const seen: { at: number; pair: TitlePair | null }[] = [];

function Page({ source }: { source: TickerSource }) {
  usePageTitlePrice('BTCUSDT', source);
  return null;
}

function Shell() {
  const pair = useSyncExternalStore(onTitlePair, titlePair, titlePair);
  seen.push({ at: performance.now(), pair });
  return <output data-testid="pair">{pairText(pair, undefined)}</output>;
}

/** The shell's title and a trading page on a fake ticker, with what the title showed from now on. */
async function renderShellAndPage() {
  seen.length = 0;
  const ticker = new FakeTicker();
  const screen = await render(
    <>
      <Shell />
      <Page source={ticker} />
    </>,
  );
  return { ticker, screen };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pairText', () => {
  it('names the pair and its price, or the symbol alone before the first price', () => {
    expect(pairText({ symbol: 'BTCUSDT', price: '67,158.09' }, 'BTCUSDT')).toBe('BTCUSDT 67,158.09');
    expect(pairText({ symbol: 'BTCUSDT', price: null }, 'BTCUSDT')).toBe('BTCUSDT');
    expect(pairText(null, 'ETHUSDT')).toBe('ETHUSDT');
  });
});

describe('usePageTitlePrice', () => {
  it('shows the first price at once, then at most about one a second, ending on the newest', async () => {
    const { ticker, screen } = await renderShellAndPage();
    await expect.element(screen.getByTestId('pair')).toHaveTextContent('BTCUSDT');
    const firstAt = performance.now();
    ticker.set('67,000.00');
    await expect.element(screen.getByTestId('pair')).toHaveTextContent('BTCUSDT 67,000.00');
    // Twenty changes a second for 1.6 s: the ticker of a busy market.
    for (let i = 1; i <= 32; i++) {
      ticker.set(`67,${String(i).padStart(3, '0')}.00`);
      await sleep(50);
    }
    await expect.element(screen.getByTestId('pair')).toHaveTextContent('BTCUSDT 67,032.00');
    const priced = seen.filter((entry, index) => entry.pair?.price && entry.pair !== seen[index - 1]?.pair);
    expect(priced.length).toBeGreaterThanOrEqual(2);
    expect(priced.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < priced.length; i++)
      expect(priced[i].at - priced[i - 1].at).toBeGreaterThanOrEqual(
        TITLE_PRICE_INTERVAL_MS - TITLE_PRICE_SLACK_MS - 10,
      );
    // The first price did not wait for the second to be up.
    expect(priced[0].at - firstAt).toBeLessThan(200);
    screen.unmount();
  });

  it('follows every other ticker frame of a live screen, and brings a held-back price when the stream goes quiet', async () => {
    const { ticker, screen } = await renderShellAndPage();
    // Ticker frames twice a second, as the trading screen gets them: the title takes every other one.
    for (let i = 1; i <= 6; i++) {
      ticker.set(`3,10${i}.00`);
      await sleep(500);
    }
    const shown = seen
      .map((entry) => entry.pair?.price)
      .filter((price, index, all) => price && price !== all[index - 1]);
    expect(shown).toEqual(['3,101.00', '3,103.00', '3,105.00']);
    // The last frame (3,106.00) came too soon after 3,105.00 and no frame followed: it still reaches the title.
    await sleep(TITLE_PRICE_TRAILING_MS - 500);
    await expect.element(screen.getByTestId('pair')).toHaveTextContent('BTCUSDT 3,106.00');
    screen.unmount();
  });

  it('takes the pair out of the title and stops listening when the page goes', async () => {
    const ticker = new FakeTicker();
    ticker.set('3,100.50');
    const screen = await render(
      <>
        <Shell />
        <Page source={ticker} />
      </>,
    );
    await expect.element(screen.getByTestId('pair')).toHaveTextContent('BTCUSDT 3,100.50');
    expect(ticker.listenerCount).toBe(1);
    await screen.rerender(<Shell />);
    await expect.element(screen.getByTestId('pair')).toHaveTextContent(/^$/);
    expect(ticker.listenerCount).toBe(0);
    screen.unmount();
  });
});
