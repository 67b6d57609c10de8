/**
 * The gateway's first paint of an in-app trading page (gateway/static/first-paint.ts): the pair, its price and the
 * top of its book written into the page, shown over the app's own render until the live screen has its ticker and
 * its book, then removed. A page it does not describe (another pair, an error, another route) removes it at once.
 * What the app's start needs is here, in its entry; a trading screen's hand-over is in first-paint-handover.ts.
 */

/** How long after the app starts the first paint goes in any case (its own style gives the page back at 15 s). */
const FIRST_PAINT_MAX_MS = 10_000;

/** The first paint's element, while it is up. */
export function firstPaint(): HTMLElement | null {
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
export function removeAfterPaint(element: HTMLElement, then?: () => void): () => void {
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
