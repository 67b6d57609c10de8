import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import type { TradeFeedTarget, TradeFeedView, TradeFrame } from '../../engine/market/trade-frame';
import type { TradeInstrument } from '../../engine/market/trade-instrument';
import { marketWorker } from '../workers';
import { FeedStore } from './feed-store';
import { recordPaintLatency } from './paint-latency';

/** Why the feed could not start, for the page to show; null while it runs. */
export type FeedFailure = null | 'worker-timeout' | 'worker-failed';

/**
 * Opens the market worker's feed for a trading screen and pours its frames into a {@link FeedStore}; the store is
 * the only thing React reads. The view (grouping, depth, language, interval) changes without resubscribing.
 */
export function useTradeFeed(target: TradeFeedTarget, view: TradeFeedView, instrument: TradeInstrument): { store: FeedStore; failure: FeedFailure; retry(): void } {
  const [store] = useState(() => new FeedStore());
  const [failure, setFailure] = useState<FeedFailure>(null);
  const [attempt, setAttempt] = useState(0);
  const feedId = useRef<number | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target or a retry reopens the feed; view changes go through setFeedView.
  useEffect(() => {
    let closed = false;
    store.reset();
    store.onApplied = recordPaintLatency;
    setFailure(null);
    const onFrame = Comlink.proxy((frame: TradeFrame) => {
      if (!closed) store.apply(frame);
    });
    const meta = { pricePlace: instrument.pricePlaces, volumePlace: instrument.sizePlaces, priceStep: instrument.priceStep };
    marketWorker
      .call((api) => api.openFeed(target, viewRef.current, meta, onFrame))
      .then(
        (id) => {
          if (closed) void marketWorker.call((api) => api.closeFeed(id)).catch(() => undefined);
          else feedId.current = id;
        },
        (error: unknown) => {
          if (!closed) setFailure(error instanceof Error && error.name === 'WorkerCallError' && /timed out/.test(error.message) ? 'worker-timeout' : 'worker-failed');
        },
      );
    return () => {
      closed = true;
      const id = feedId.current;
      feedId.current = null;
      if (id !== null) void marketWorker.call((api) => api.closeFeed(id)).catch(() => undefined);
    };
  }, [target.instType, target.symbol, attempt, store]);

  useEffect(() => {
    const id = feedId.current;
    if (id !== null) void marketWorker.call((api) => api.setFeedView(id, view)).catch(() => undefined);
  }, [view]);

  return { store, failure, retry: () => setAttempt((n) => n + 1) };
}
