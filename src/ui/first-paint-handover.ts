import { firstPaint, removeAfterPaint } from './first-paint';
import { markPageShown } from './page-shown';

/** What a trading screen tells of its market: whether its ticker and its live book are in, and when that changes. */
export interface MarketReadiness {
  isReady(): boolean;
  subscribe(listener: () => void): () => void;
}

/**
 * Hands the first paint over to a trading screen once it has its ticker and a live book: two frames later (the
 * book's canvas painted from the committed render), the first paint goes and the page counts as shown. Returns the
 * unsubscribe function; a first paint of another pair or market goes at once.
 */
export function handOverFirstPaintToMarket(
  page: { market: 'spot' | 'futures'; symbol: string },
  market: MarketReadiness,
): () => void {
  const element = firstPaint();
  if (!element) return () => {};
  if (element.dataset.market !== page.market || element.dataset.symbol !== page.symbol) {
    element.remove();
    return () => {};
  }
  let cancel: (() => void) | null = null;
  const check = () => {
    if (!cancel && market.isReady()) cancel = removeAfterPaint(element, markPageShown);
  };
  const stop = market.subscribe(check);
  check();
  return () => {
    stop();
    cancel?.();
  };
}
