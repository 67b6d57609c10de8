import * as Comlink from 'comlink';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import type { DepthSink } from '../../../engine/market/trade-feed';
import type { TradeFeedTarget, TradeFeedView } from '../../../engine/market/trade-frame';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import type { DepthMessage } from '../../../workers/market.api';
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
import { type BookMode, panelModes } from './panel-modes';

/** Why the feed could not start, for the page to show; null while it runs. */
export type FeedFailure = null | 'worker-timeout' | 'worker-failed';

/** An open feed: the worker's feed id, or (bench switch) a feed merged on the main thread. */
type OpenedFeed =
  | { kind: 'worker'; id: number }
  | { kind: 'main'; setView(view: TradeFeedView): void; setDepthSink(sink: DepthSink | null): void; close(): void };

/** Most book rows per side a feed sends (engine/market/trade-feed-input, MAX_DEPTH_ROWS). */
const MAX_FEED_ROWS = 200;

/**
 * The view a feed serves for the page's view and its panels: twice the rows while the book shows one side (it keeps
 * its height), and no K-line channel while the chart panel shows the depth instead.
 */
export function feedViewOf(view: TradeFeedView, bookMode: BookMode, isDepthShown: boolean): TradeFeedView {
  const depthRows = bookMode === 'both' ? view.depthRows : Math.min(MAX_FEED_ROWS, view.depthRows * 2);
  const candleChannel = isDepthShown ? null : view.candleChannel;
  if (depthRows === view.depthRows && candleChannel === view.candleChannel) return view;
  return { ...view, depthRows, candleChannel };
}

function isSameView(a: TradeFeedView, b: TradeFeedView): boolean {
  return (
    a.intl === b.intl &&
    a.groupStep === b.groupStep &&
    a.depthRows === b.depthRows &&
    a.candleChannel === b.candleChannel
  );
}

/**
 * Pours an open feed's cumulative depth into the store (the depth chart), until the returned function stops it;
 * `isFeedClosing` says the feed goes too, so the worker needs no word. A failed call shows as `unavailable`.
 */
function watchDepth(feed: OpenedFeed, store: FeedStore): (isFeedClosing: boolean) => void {
  let isStopped = false;
  const stop = () => {
    isStopped = true;
    // A chart shown again starts from its loading state, not from a depth of minutes ago.
    store.applyDepth(null);
  };
  if (feed.kind === 'main') {
    feed.setDepthSink((depth) => {
      if (!isStopped) store.applyDepth(depth);
    });
    return () => {
      feed.setDepthSink(null);
      stop();
    };
  }
  // Answered at the next animation frame, once the chart painted it: a page that paints nothing (hidden) gets no more.
  const depthPort = openFramePort<DepthMessage>(
    (message) => {
      if (!isStopped) store.applyDepth(message.depth);
    },
    (answer) => requestAnimationFrame(answer),
  );
  marketWorker
    .call((api) => api.watchDepth(feed.id, Comlink.transfer(depthPort.port, [depthPort.port])))
    .catch(() => {
      if (!isStopped) store.applyDepth('unavailable');
    });
  return (isFeedClosing) => {
    depthPort.close();
    if (!isFeedClosing) void marketWorker.call((api) => api.watchDepth(feed.id, null)).catch(() => undefined);
    stop();
  };
}

/**
 * Opens the market worker's feed for a trading screen and pours its frames into a {@link FeedStore}; the store is
 * the only thing React reads. The view (grouping, depth, language, interval) changes without resubscribing; the
 * book's view (one side: twice the rows) and a depth chart shown (the depth, no K-lines) shape it too.
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
  const { book: bookMode } = useSnapshot(panelModes);
  const isDepthShown = useSyncExternalStore(store.subscribeDepthShown, () => store.isDepthShown);
  const feedView = useMemo(() => feedViewOf(view, bookMode, isDepthShown), [view, bookMode, isDepthShown]);
  const viewRef = useRef(view);
  viewRef.current = view;
  // Read when a feed opens: a depth chart mounted in the same commit has said so by then, its render had not.
  const currentView = () => feedViewOf(viewRef.current, panelModes.book, store.isDepthShown);
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
    // The depth goes to the store while a depth chart shows and the feed is open.
    let stopDepth: ((isFeedClosing: boolean) => void) | null = null;
    const syncDepth = () => {
      const feed = opened.current;
      const isWanted = !closed && feed !== null && store.isDepthShown;
      if (isWanted && stopDepth === null) stopDepth = watchDepth(feed, store);
      else if (!isWanted && stopDepth !== null) {
        stopDepth(false);
        stopDepth = null;
      }
    };
    stops.push(store.subscribeDepthShown(syncDepth), () => {
      stopDepth?.(true);
      stopDepth = null;
    });
    // The view the feed opens with; one that changed while it opened follows as soon as it is open.
    const opening = currentView();
    const caughtUp = () => {
      const now = currentView();
      if (isSameView(now, opening)) return;
      const feed = opened.current;
      if (feed?.kind === 'main') feed.setView(now);
      else if (feed) void marketWorker.call((api) => api.setFeedView(feed.id, now)).catch(() => undefined);
    };
    if (isMainFeed) {
      void probe.loadMainThreadFeed().then(
        (open) => {
          if (closed) return;
          const feed = open({
            target,
            view: opening,
            meta,
            book,
            tape,
            emit: (frame) => {
              if (!closed) store.apply(frame);
            },
          });
          opened.current = {
            kind: 'main',
            setView: feed.setView,
            setDepthSink: feed.setDepthSink,
            close: feed.close,
          };
          caughtUp();
          syncDepth();
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
        .call((api) => api.openFeed(target, opening, meta, Comlink.transfer(frames.port, [frames.port])))
        .then(
          (id) => {
            if (closed) void marketWorker.call((api) => api.closeFeed(id)).catch(() => undefined);
            else {
              opened.current = { kind: 'worker', id };
              if (inWorker) probe.workerPanelsOpened();
              if (book instanceof WorkerPanelCanvas) book.bind(id);
              if (tape instanceof WorkerPanelCanvas) tape.bind(id);
              caughtUp();
              syncDepth();
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
    if (feed?.kind === 'main') feed.setView(feedView);
    else if (feed) void marketWorker.call((api) => api.setFeedView(feed.id, feedView)).catch(() => undefined);
  }, [feedView]);

  return { store, canvases, failure, retry: () => setAttempt((n) => n + 1) };
}
