import { useEffect } from 'react';

/** The title's live figure changes at most about this often, however fast the ticker runs. */
export const TITLE_PRICE_INTERVAL_MS = 1000;

/**
 * How much sooner than {@link TITLE_PRICE_INTERVAL_MS} a ticker may bring the next price: the ticker's frames come
 * about twice a second, each up to a grace late or a frame early, so every other one still moves the title.
 */
export const TITLE_PRICE_SLACK_MS = 150;

/**
 * When a ticker change was held back and no later ticker came to bring it, it reaches the title this long after
 * the last price shown (the stream went quiet). Longer than the gap between two ticker frames, so on a live
 * screen the next frame always comes first and this timer never runs.
 */
export const TITLE_PRICE_TRAILING_MS = 1600;

/** What a page adds to the browser tab's title: its pair and that pair's last price, already formatted. */
export interface TitlePair {
  symbol: string;
  /** The last price as the page shows it (formatted in the page's locale), or null before the first ticker. */
  price: string | null;
}

let current: TitlePair | null = null;
const listeners = new Set<() => void>();

function publish(next: TitlePair | null): void {
  if (next?.symbol === current?.symbol && next?.price === current?.price) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The pair the page on screen has published for its title, if any. */
export function titlePair(): TitlePair | null {
  return current;
}

/**
 * Calls `listener` each time the page publishes another pair or price (the shell writes the title from it, without a
 * render). Returns the unsubscribe function.
 */
export function onTitlePair(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A ticker the page already holds: its display-ready last price and a way to hear when it changes. Structural, so
 * the trading screen passes its feed store as it is, and this kit piece does not depend on the trade room.
 */
export interface TickerSource {
  readonly snapshot: { readonly ticker: { readonly last: string } | null };
  subscribe(part: 'ticker', listener: () => void): () => void;
}

/**
 * Puts a pair and its live last price in the tab's title while the calling page is shown. The price is the value the
 * page already painted (no work over market data here). It goes from the ticker's own change, so a live screen
 * spends no task of its own on the title: the first price at once, then at most one a second (within
 * {@link TITLE_PRICE_SLACK_MS}); a change held back when the stream goes quiet follows on a timer.
 */
export function usePageTitlePrice(symbol: string, source: TickerSource): void {
  useEffect(() => {
    let shownAt = Number.NEGATIVE_INFINITY;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const show = () => {
      if (trailing !== null) clearTimeout(trailing);
      trailing = null;
      const price = source.snapshot.ticker?.last ?? null;
      // Only a shown price starts the second: the first one after the page opens appears at once.
      if (price !== null) shownAt = performance.now();
      publish({ symbol, price });
    };
    const onTicker = () => {
      const since = performance.now() - shownAt;
      if (since >= TITLE_PRICE_INTERVAL_MS - TITLE_PRICE_SLACK_MS) show();
      else trailing ??= setTimeout(show, TITLE_PRICE_TRAILING_MS - since);
    };
    show();
    const unsubscribe = source.subscribe('ticker', onTicker);
    return () => {
      unsubscribe();
      if (trailing !== null) clearTimeout(trailing);
      publish(null);
    };
  }, [symbol, source]);
}
