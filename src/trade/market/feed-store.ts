import { useCallback, useSyncExternalStore } from 'react';
import type { DepthView } from '../../../engine/market/book-depth';
import type {
  BookView,
  CandleView,
  FeedConnection,
  FeedCounters,
  TickerView,
  TradeFrame,
  TradeRowView,
} from '../../../engine/market/trade-frame';

/** Rows the trades tape keeps; older ones fall off the bottom. */
export const TAPE_ROWS = 40;

/** What the trading screen paints, one part per panel; each part changes identity only when its data changed. */
export interface FeedParts {
  connection: FeedConnection;
  book: BookView | null;
  trades: readonly TradeRowView[];
  ticker: TickerView | null;
  /** The last candle part received; the chart listens for each one (`subscribe('candles')`) and applies it once. */
  candles: CandleView | null;
  counters: FeedCounters | null;
  /** The book's cumulative depth while a depth chart shows it; `unavailable` when the worker could not send it. */
  depth: DepthView | 'unavailable' | null;
}

type PartName = keyof FeedParts;

/**
 * The display-ready state of one trading screen, outside React and valtio (ARCHITECTURE: high-rate frames go
 * through a small external store). `apply` takes a worker frame in O(changed parts) and wakes only the
 * panels whose part changed, so a trade does not re-render the book and the other way round.
 */
export class FeedStore {
  private parts: FeedParts = FeedStore.empty();
  private readonly listeners = new Map<PartName, Set<() => void>>();
  /** Depth charts shown on this screen, and who follows whether there is one. */
  private depthCharts = 0;
  private readonly depthShownListeners = new Set<() => void>();
  /** Called after a frame is applied, with its newest stream time (the bench measures update-to-paint from it). */
  onApplied: ((latestTs: number) => void) | null = null;

  private static empty(): FeedParts {
    return {
      connection: 'connecting',
      book: null,
      trades: [],
      ticker: null,
      candles: null,
      counters: null,
      depth: null,
    };
  }

  get snapshot(): FeedParts {
    return this.parts;
  }

  /** Applies one frame; parts that are null in the frame keep their current value and wake nobody. */
  apply(frame: TradeFrame): void {
    const next: FeedParts = { ...this.parts, counters: frame.counters };
    const changed: PartName[] = ['counters'];
    if (frame.connection !== next.connection) {
      next.connection = frame.connection;
      changed.push('connection');
    }
    if (frame.book) {
      next.book = frame.book;
      changed.push('book');
    }
    if (frame.trades) {
      const rows = frame.trades.reset ? frame.trades.rows : [...frame.trades.rows, ...next.trades];
      next.trades = rows.length > TAPE_ROWS ? rows.slice(0, TAPE_ROWS) : rows;
      changed.push('trades');
    }
    if (frame.ticker) {
      next.ticker = frame.ticker;
      changed.push('ticker');
    }
    if (frame.candles) {
      next.candles = frame.candles;
      changed.push('candles');
    }
    this.parts = next;
    for (const name of changed) for (const listener of this.listeners.get(name) ?? []) listener();
    this.onApplied?.(frame.latestTs);
  }

  /** Takes the book's depth (the feed's depth port), or forgets it (null), and wakes the depth chart. */
  applyDepth(depth: DepthView | 'unavailable' | null): void {
    this.parts = { ...this.parts, depth };
    for (const listener of this.listeners.get('depth') ?? []) listener();
  }

  /** Whether a depth chart is shown: the feed then sends the book's depth, and no K-lines. */
  get isDepthShown(): boolean {
    return this.depthCharts > 0;
  }

  /** A depth chart comes on screen; call the returned function when it goes (once is enough). */
  showDepth(): () => void {
    this.depthCharts += 1;
    if (this.depthCharts === 1) this.depthShownChanged();
    let isShown = true;
    return () => {
      if (!isShown) return;
      isShown = false;
      this.depthCharts -= 1;
      if (this.depthCharts === 0) this.depthShownChanged();
    };
  }

  /** Follows {@link isDepthShown}; returns the unsubscribe function. */
  readonly subscribeDepthShown = (listener: () => void): (() => void) => {
    this.depthShownListeners.add(listener);
    return () => this.depthShownListeners.delete(listener);
  };

  private depthShownChanged(): void {
    for (const listener of [...this.depthShownListeners]) listener();
  }

  /** Forgets everything (a new symbol): panels show their loading state again. */
  reset(): void {
    this.parts = FeedStore.empty();
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }

  /** Subscribes to one part; returns the unsubscribe function. */
  subscribe(name: PartName, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
}

/**
 * How a market panel shows its data for a connection state: `live`, `stale` (greyed and marked: the stream stopped
 * delivering or is reconnecting, so what is shown may be out of date), or `connecting` before the first data.
 */
export type PanelState = 'live' | 'stale' | 'connecting';

export function panelState(connection: FeedConnection): PanelState {
  if (connection === 'live') return 'live';
  return connection === 'connecting' ? 'connecting' : 'stale';
}

/** One part of the store, re-rendering the caller only when that part changes. */
export function useFeedPart<K extends PartName>(store: FeedStore, name: K): FeedParts[K] {
  const subscribe = useCallback((listener: () => void) => store.subscribe(name, listener), [store, name]);
  const read = () => store.snapshot[name];
  return useSyncExternalStore(subscribe, read, read);
}

/** A value derived from one part (a string, a number): re-renders the caller only when the value itself changes. */
export function useFeedValue<K extends PartName, T extends string | number | boolean | null>(
  store: FeedStore,
  name: K,
  select: (parts: FeedParts) => T,
): T {
  const subscribe = useCallback((listener: () => void) => store.subscribe(name, listener), [store, name]);
  const read = () => select(store.snapshot);
  return useSyncExternalStore(subscribe, read, read);
}
