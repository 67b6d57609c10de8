import { useEffect, useState } from 'react';

/**
 * When the page has shown its own figures: the moment background work (the risk token, referral capture) may
 * start downloading and running without competing with what the user came to see. A page marks it when its main
 * data is on screen; a page that never does lets the work start after a fallback delay.
 */
let shown = false;
const waiting = new Set<() => void>();

/** Called by a page once its main figures are painted (again later: no effect). */
export function markPageShown(): void {
  if (shown) return;
  shown = true;
  for (const resolve of [...waiting]) resolve();
  waiting.clear();
}

/** Resolves once a page has shown its figures, or after `fallbackMs`, whichever comes first. */
export function afterPageShown(fallbackMs: number): Promise<void> {
  if (shown) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, fallbackMs);
    waiting.add(done);
  });
}

/** True once a page has shown its figures, or `fallbackMs` after the calling component mounted (see {@link afterPageShown}). */
export function usePageShown(fallbackMs: number): boolean {
  const [isShown, setShown] = useState(shown);
  useEffect(() => {
    if (isShown) return;
    let isLive = true;
    void afterPageShown(fallbackMs).then(() => {
      if (isLive) setShown(true);
    });
    return () => {
      isLive = false;
    };
  }, [isShown, fallbackMs]);
  return isShown;
}
