import { useEffect, useState } from 'react';
import { yieldToMain } from '../ui/yield-to-main';

/** How many rows one task renders: at 4x CPU throttle 25 rows and their layout stay well under a 50 ms task. */
export const RENDER_CHUNK = 25;

/**
 * How many of `total` rows to render now: the first chunk at once, then one more chunk per task until all are in, so
 * a list of 1,000 never becomes one long task (the rows are all in the DOM in the end, for keyboard and screen readers).
 */
export function useChunkedCount(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, RENDER_CHUNK));
  useEffect(() => {
    if (shown > total) setShown(total);
    if (shown >= total) return;
    let isCancelled = false;
    void yieldToMain().then(() => {
      if (!isCancelled) setShown((now) => Math.min(total, Math.max(now, RENDER_CHUNK) + RENDER_CHUNK));
    });
    return () => {
      isCancelled = true;
    };
  }, [shown, total]);
  return Math.min(shown, total);
}
