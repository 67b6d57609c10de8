import { type DependencyList, useEffect } from 'react';
import { isPageHidden, onPageVisibility } from '../platform/page-visibility';

/**
 * Runs `read` now and again `intervalMs` after each run ends, while the page is seen: a hidden tab or a webview the
 * app covers pauses it, and showing the page again reads at once. `isLive()` turns false when the deps change or the
 * component goes, so a late answer for what was shown before is dropped. Nothing runs while `enabled` is false.
 */
export function useVisiblePoll(
  read: (isLive: () => boolean) => Promise<void>,
  intervalMs: number,
  deps: DependencyList,
  enabled = true,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps say when `read` reads something new.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const isLive = () => live;
    const run = async () => {
      clearTimeout(timer);
      timer = undefined;
      await read(isLive);
      if (live && !isPageHidden()) timer = setTimeout(() => void run(), intervalMs);
    };
    void run();
    const stop = onPageVisibility(() => {
      if (isPageHidden()) {
        clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined) void run();
    });
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [...deps, enabled, intervalMs]);
}
