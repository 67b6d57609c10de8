import { useEffect, useSyncExternalStore } from 'react';

/** The title's live figure changes at most this often, however fast the ticker runs. */
export const TITLE_PRICE_INTERVAL_MS = 1000;

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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => current;

/** The pair the page on screen has published for its title, if any (the shell's title reads it). */
export function useTitlePair(): TitlePair | null {
  return useSyncExternalStore(subscribe, read, read);
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
 * page already painted (no work over market data here), and reaches the title at most once a second: the first
 * change at once, then the newest one when the second is up.
 */
export function usePageTitlePrice(symbol: string, source: TickerSource): void {
  useEffect(() => {
    let shownAt = Number.NEGATIVE_INFINITY;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const show = () => {
      timer = null;
      const price = source.snapshot.ticker?.last ?? null;
      // Only a shown price starts the second: the first one after the page opens appears at once.
      if (price !== null) shownAt = performance.now();
      publish({ symbol, price });
    };
    const onTicker = () => {
      if (timer !== null) return;
      const wait = shownAt + TITLE_PRICE_INTERVAL_MS - performance.now();
      if (wait <= 0) show();
      else timer = setTimeout(show, wait);
    };
    show();
    const unsubscribe = source.subscribe('ticker', onTicker);
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      publish(null);
    };
  }, [symbol, source]);
}
