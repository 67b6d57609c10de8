import { isPageHidden, onPageVisibility } from '../platform/page-visibility';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { MarketKind } from '../../engine/market/market-rows';
import type { MarketsFrame } from '../../workers/market.api';
import { marketWorker, WorkerCallError } from '../workers';

export const MARKETS_POLL_MS = 5000;

/** What the markets page shows: the last frame plus the state of the newest attempt. */
export interface MarketsView {
  status: 'loading' | 'ready' | 'error';
  frame: MarketsFrame | null;
  /** Why the newest attempt failed, when it did. */
  failure: MarketsFrame['failure'] | 'worker-timeout' | 'worker-failed';
  isOffline: boolean;
  retry(): void;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** When and how often `useMarkets` asks the worker. */
export interface MarketsPolling {
  /** false: no call at all (a tab not shown, a closed pair switcher). */
  enabled?: boolean;
  pollMs?: number;
}

/** Polls the market worker for display-ready rows while the page is visible (the stream replaces this later). */
export function useMarkets(
  kind: MarketKind,
  intl: string,
  { enabled = true, pollMs = MARKETS_POLL_MS }: MarketsPolling = {},
): MarketsView {
  const [frame, setFrame] = useState<MarketsFrame | null>(null);
  const [failure, setFailure] = useState<MarketsView['failure']>(null);
  const [attempt, setAttempt] = useState(0);
  const isOnline = useOnline();
  const generation = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how a retry restarts the polling.
  useEffect(() => {
    const mine = ++generation.current;
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = await marketWorker.call((api) => api.loadMarkets(kind, intl));
        if (generation.current !== mine) return;
        // A failed refresh keeps the rows already on screen; only their freshness changes.
        startTransition(() => {
          if (next.rows.length > 0 || next.failure === null) setFrame(next);
          setFailure(next.failure);
        });
      } catch (error) {
        if (generation.current !== mine) return;
        setFailure(error instanceof WorkerCallError && error.kind === 'timeout' ? 'worker-timeout' : 'worker-failed');
      }
      if (generation.current === mine && !isPageHidden()) timer = setTimeout(load, pollMs);
    };
    const onVisible = () => {
      if (!isPageHidden() && generation.current === mine) {
        clearTimeout(timer);
        void load();
      }
    };
    // In a task of its own: the first call starts the market worker, which would otherwise lengthen the task that
    // runs every effect of the page's first render.
    timer = setTimeout(load, 0);
    const stopWatching = onPageVisibility(onVisible);
    return () => {
      generation.current += 1;
      clearTimeout(timer);
      stopWatching();
    };
  }, [kind, intl, attempt, enabled, pollMs]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const status = frame && frame.kind === kind ? 'ready' : failure ? 'error' : 'loading';
  return { status, frame: frame?.kind === kind ? frame : null, failure, isOffline: !isOnline, retry };
}
