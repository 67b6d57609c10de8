/**
 * The page's one bench probe (README, benchmarks: update-to-paint of the page's frames and of the painted panels, and
 * the `?feed=main` switch that merges the book on this thread). The bench opts a page in before load
 * (`window.__paintLatency`); for every visitor the probe is off, and each call below does nothing.
 */
import type { DepthSink } from '../../../engine/market/trade-feed';
import type { TradeFeedMeta } from '../../../engine/market/trade-feed-input';
import type { FeedCounters, TradeFeedTarget, TradeFeedView, TradeFrame } from '../../../engine/market/trade-frame';
import { marketWorker } from '../../workers';
import {
  exposeCanvasLatency,
  isBenchPage,
  recordCanvasLatency,
  recordFeedCounters,
  recordPaintLatency,
} from './paint-latency';
import { PageBookCanvas, type PanelCanvasHandle, PageTapeCanvas } from './panel-canvas';

/** A feed merged on this thread (the bench switch), as the page drives it. */
export interface MainThreadFeed {
  setView(view: TradeFeedView): void;
  setDepthSink(sink: DepthSink | null): void;
  close(): void;
}

/** What opening a feed on this thread needs: the screen's feed, where its frames go, and the canvases to paint. */
export interface MainThreadFeedSetup {
  target: TradeFeedTarget;
  view: TradeFeedView;
  meta: TradeFeedMeta;
  emit(frame: TradeFrame): void;
  book: PanelCanvasHandle;
  tape: PanelCanvasHandle;
}

/** The bench hooks the trading screen calls. */
export interface BenchProbe {
  /** Where the screen's feed runs: the market worker, or this thread under the bench switch `?feed=main`. */
  readonly feedThread: 'worker' | 'main';
  /** Runs after each frame the page applies, with its newest stream time and counters; null when the probe is off. */
  readonly frameApplied: ((latestTs: number, counters: FeedCounters | null) => void) | null;
  /** The market worker paints the panels of an open feed: the bench takes their update-to-paint from there. */
  workerPanelsOpened(): void;
  /** Loads the feed code for this thread (a separate chunk) and returns how to open a feed with it. */
  loadMainThreadFeed(): Promise<(setup: MainThreadFeedSetup) => MainThreadFeed>;
}

const OFF: BenchProbe = {
  feedThread: 'worker',
  frameApplied: null,
  workerPanelsOpened() {},
  loadMainThreadFeed: () => Promise.reject(new Error('the main-thread feed is a bench switch')),
};

/** Opens a feed on this thread with the very code the market worker runs, painting here as the worker would. */
async function loadMainThreadFeed(): Promise<(setup: MainThreadFeedSetup) => MainThreadFeed> {
  // A separate chunk, loaded only under the bench switch, so the normal bundle does not grow.
  const [{ createTradeFeed }, { publicSocketUrl }] = await Promise.all([
    import('../../../workers/market/create-trade-feed'),
    import('../../../workers/market/socket-url'),
  ]);
  return ({ target, view, meta, emit, book, tape }) => {
    const created = createTradeFeed({ target, view, meta, socketUrl: publicSocketUrl(globalThis.location), emit });
    // The same painters and pacing as the worker's, run here: the bench compares the threads, not the code.
    if (book instanceof PageBookCanvas) {
      created.feed.setBookPainter((next, latestTs) => {
        book.paint(next);
        recordCanvasLatency(latestTs);
      });
    }
    if (tape instanceof PageTapeCanvas) {
      created.feed.setTapePainter((part, latestTs) => {
        tape.paint(part);
        recordCanvasLatency(latestTs);
      });
    }
    exposeCanvasLatency();
    return {
      setView: (next) => created.feed.setView(next),
      setDepthSink: (sink) => created.feed.setDepthSink(sink),
      close: () => created.close(),
    };
  };
}

/** The probe of this page: on only when the bench opted the page in before load. */
export function benchProbe(): BenchProbe {
  if (!isBenchPage()) return OFF;
  return {
    feedThread: new URLSearchParams(globalThis.location?.search ?? '').get('feed') === 'main' ? 'main' : 'worker',
    frameApplied(latestTs, counters) {
      recordPaintLatency(latestTs);
      recordFeedCounters(counters);
    },
    workerPanelsOpened() {
      void marketWorker.call((api) => api.measureCanvasLatency(true)).catch(() => undefined);
      exposeCanvasLatency(() => marketWorker.call((api) => api.takeCanvasLatency()));
    },
    loadMainThreadFeed,
  };
}
