import { markPageShown } from './page-shown';

/**
 * The gateway's first paint of an in-app trading page (gateway/static/first-paint.ts): the pair, its price and the
 * top of its book written into the page, shown over the app's own render until the live screen has its ticker and
 * its book, then removed. A page it does not describe (another pair, an error, another route) removes it at once.
 */

/** How long after the app starts the first paint goes in any case (its own style gives the page back at 15 s). */
const FIRST_PAINT_MAX_MS = 10_000;

function firstPaint(): HTMLElement | null {
  return document.getElementById('first-paint');
}

/** Removes the first paint, showing the page underneath. */
export function dismissFirstPaint(): void {
  firstPaint()?.remove();
}

/** From the app's start: the first paint goes after {@link FIRST_PAINT_MAX_MS} whatever the page does. */
export function limitFirstPaint(): void {
  if (firstPaint()) setTimeout(dismissFirstPaint, FIRST_PAINT_MAX_MS);
}

/** Removes `element` two frames from now: the page underneath has painted what it committed. */
function removeAfterPaint(element: HTMLElement, then?: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      element.remove();
      then?.();
    });
  });
  return () => cancelAnimationFrame(frame);
}

/** Hands the first paint over to a page whose own figures (or its error, or its sign-in prompt) are committed. */
export function handOverFirstPaint(): () => void {
  const element = firstPaint();
  return element ? removeAfterPaint(element) : () => {};
}

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
