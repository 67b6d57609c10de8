import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import type { TradeFeedTarget, TradeFeedView } from '../../../engine/market/trade-frame';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { isHiddenByApp, onPageVisibility } from '../../platform/page-visibility';
import { marketWorker } from '../../workers';
import {
  canPaintInWorker,
  PageBookCanvas,
  type PanelCanvases,
  PageTapeCanvas,
  WorkerPanelCanvas,
} from './panel-canvas';
import { benchProbe } from './bench-probe';
import { FeedStore } from './feed-store';
import { openFramePort } from './frame-port';

/** Why the feed could not start, for the page to show; null while it runs. */
export type FeedFailure = null | 'worker-timeout' | 'worker-failed';

/** An open feed: the worker's feed id, or (bench switch) a feed merged on the main thread. */
type OpenedFeed = { kind: 'worker'; id: number } | { kind: 'main'; setView(view: TradeFeedView): void; close(): void };

/**
 * Opens the market worker's feed for a trading screen and pours its frames into a {@link FeedStore}; the store is
 * the only thing React reads. The view (grouping, depth, language, interval) changes without resubscribing.
 */
export function useTradeFeed(
  target: TradeFeedTarget,
  view: TradeFeedView,
  instrument: TradeInstrument,
): { store: FeedStore; canvases: PanelCanvases | null; failure: FeedFailure; retry(): void } {
  const [store] = useState(() => new FeedStore());
  const [canvases, setCanvases] = useState<PanelCanvases | null>(null);
  const [failure, setFailure] = useState<FeedFailure>(null);
  const [attempt, setAttempt] = useState(0);
  const opened = useRef<OpenedFeed | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  // Inside the app, a covered webview closes the stream; shown again, a new feed starts from a fresh snapshot (its
  // checksums verified), so the book never resumes from a gap. A hidden browser tab keeps its feed, as before.
  const [paused, setPaused] = useState(isHiddenByApp);
  useEffect(() => onPageVisibility(() => setPaused(isHiddenByApp())), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target, a retry or the app showing the page again reopens the feed; view changes go through setFeedView.
  useEffect(() => {
    if (paused) return;
    let closed = false;
    store.reset();
    const probe = benchProbe();
    const { frameApplied } = probe;
    store.onApplied = frameApplied && ((latestTs) => frameApplied(latestTs, store.snapshot.counters));
    setFailure(null);
    const meta = {
      pricePlace: instrument.pricePlaces,
      volumePlace: instrument.sizePlaces,
      priceStep: instrument.priceStep,
    };
    // Fresh canvases per feed: a canvas whose control went to the worker cannot be handed over twice.
    const isMainFeed = probe.feedThread === 'main';
    const inWorker = !isMainFeed && canPaintInWorker();
    const book = inWorker ? new WorkerPanelCanvas('book') : new PageBookCanvas();
    const tape = inWorker ? new WorkerPanelCanvas('tape') : new PageTapeCanvas();
    setCanvases({ book, tape });
    // Without OffscreenCanvas the worker still merges the book and the tape and sends them every frame; this thread
    // paints them.
    const stops: (() => void)[] = [];
    if (!isMainFeed && book instanceof PageBookCanvas && tape instanceof PageTapeCanvas) {
      stops.push(
        store.subscribe('book', () => {
          const view = store.snapshot.book;
          if (view) book.paint(view);
        }),
        store.subscribe('trades', () => tape.paint({ reset: true, rows: store.snapshot.trades })),
      );
    }
    if (isMainFeed) {
      void probe.loadMainThreadFeed().then(
        (open) => {
          if (closed) return;
          const feed = open({
            target,
            view: viewRef.current,
            meta,
            book,
            tape,
            emit: (frame) => {
              if (!closed) store.apply(frame);
            },
          });
          opened.current = { kind: 'main', setView: feed.setView, close: feed.close };
        },
        () => {
          if (!closed) setFailure('worker-failed');
        },
      );
    } else {
      const frames = openFramePort((frame) => {
        if (!closed) store.apply(frame);
      });
      stops.push(frames.close);
      marketWorker
        .call((api) => api.openFeed(target, viewRef.current, meta, Comlink.transfer(frames.port, [frames.port])))
        .then(
          (id) => {
            if (closed) void marketWorker.call((api) => api.closeFeed(id)).catch(() => undefined);
            else {
              opened.current = { kind: 'worker', id };
              if (inWorker) probe.workerPanelsOpened();
              if (book instanceof WorkerPanelCanvas) book.bind(id);
              if (tape instanceof WorkerPanelCanvas) tape.bind(id);
            }
          },
          (error: unknown) => {
            if (!closed)
              setFailure(
                error instanceof Error && error.name === 'WorkerCallError' && /timed out/.test(error.message)
                  ? 'worker-timeout'
                  : 'worker-failed',
              );
          },
        );
    }
    return () => {
      closed = true;
      for (const stop of stops) stop();
      const feed = opened.current;
      opened.current = null;
      if (feed?.kind === 'main') feed.close();
      else if (feed) void marketWorker.call((api) => api.closeFeed(feed.id)).catch(() => undefined);
    };
  }, [target.instType, target.symbol, attempt, store, paused]);

  useEffect(() => {
    const feed = opened.current;
    if (feed?.kind === 'main') feed.setView(view);
    else if (feed) void marketWorker.call((api) => api.setFeedView(feed.id, view)).catch(() => undefined);
  }, [view]);

  return { store, canvases, failure, retry: () => setAttempt((n) => n + 1) };
}
