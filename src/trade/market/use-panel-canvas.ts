import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { BookPaintLayout, BookSides } from '../../../engine/market/book-painter';
import type { PacerClock } from '../../../engine/market/part-pacer';
import type { FeedParts, FeedStore } from './feed-store';
import { CopyBatch, PanelCopyPacer } from './main-thread-engine';
import type { PanelCanvasHandle } from './panel-canvas';

/** Geometry of the painted panels (CSS px): one row, the column gap, the row type size. */
export const ROW_HEIGHT = 17;
const COLUMN_GAP = 4;
const ROW_FONT_PX = 12;
const SPREAD_FONT_PX = 13;

/** This thread's clock and timers for the copies' pacing, read at each call (tests fake the timers). */
const pageClock: PacerClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The book's and the tape's copies that are due together, shown once the task that brought them is done. */
const copyBatch = new CopyBatch((run) => queueMicrotask(run));

/** A painted panel's copy in words, as the page shows it: read it with {@link useCopy}. */
export interface PacedCopy<K extends 'book' | 'trades'> {
  get(): FeedParts[K];
  subscribe(listener: () => void): () => void;
}

/**
 * A painted panel's part of the feed as the page holds it in words (its accessible table), paced by the engine's
 * page pacing: at once when it starts, stops or regroups; with the other panel's copy when the market worker paints
 * the panel and already sends its copy seldom (`isPacedByFeed`); else at most once per interval, so a page that
 * paints the panel itself does not also lay out its table every frame. Components read it through {@link useCopy},
 * so a refresh renders only what shows the copy, in the same commit as the frame that brought it.
 */
export function usePacedCopy<K extends 'book' | 'trades'>(
  store: FeedStore,
  name: K,
  isPacedByFeed: boolean,
): PacedCopy<K> {
  const [copy] = useState(() => {
    let value = store.snapshot[name];
    const listeners = new Set<() => void>();
    return {
      get: () => value,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      show: (shown: FeedParts[K]) => {
        value = shown;
        for (const listener of [...listeners]) listener();
      },
    };
  });
  useEffect(() => {
    const pacer = new PanelCopyPacer<K>({
      panel: name,
      read: () => store.snapshot[name] as never,
      show: (shown) => copy.show(shown as FeedParts[K]),
      isPacedByFeed,
      clock: pageClock,
      batch: copyBatch,
    });
    const stop = store.subscribe(name, () => pacer.changed());
    return () => {
      stop();
      pacer.close();
    };
  }, [store, name, isPacedByFeed, copy]);
  return copy;
}

/** A value read from a panel's copy: re-renders the caller when that value changes (use a selector for a part). */
export function useCopy<K extends 'book' | 'trades', T>(copy: PacedCopy<K>, select: (value: FeedParts[K]) => T): T {
  const read = () => select(copy.get());
  return useSyncExternalStore(copy.subscribe, read, read);
}

/**
 * What a panel asks of its canvas: the painter's rows (per side shown for the book), the rows stacked in its height
 * (both sides for the book), the spread band (0 for the tape) and its label, and for the book the sides shown.
 */
export interface PanelGeometry {
  rows: number;
  stackedRows: number;
  spreadHeight: number;
  spreadLabel: string;
  sides?: BookSides;
}

/** The page's type and colours for the painter, read from the panel's own styles. */
function measureLayout(host: HTMLElement, geometry: PanelGeometry): BookPaintLayout {
  const style = getComputedStyle(host);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const family = style.fontFamily || 'sans-serif';
  return {
    width: Math.max(0, Math.floor(host.clientWidth)),
    height: panelHeight(geometry),
    dpr: Math.min(4, Math.max(1, window.devicePixelRatio || 1)),
    rows: geometry.rows,
    rowHeight: ROW_HEIGHT,
    spreadHeight: geometry.spreadHeight,
    gap: COLUMN_GAP,
    rtl: style.direction === 'rtl',
    font: `${ROW_FONT_PX}px ${family}`,
    spreadFont: `${SPREAD_FONT_PX}px ${family}`,
    spreadLabel: geometry.spreadLabel.slice(0, 200),
    colors: {
      text: color('--color-text', '#e6e8ea'),
      muted: color('--color-text-muted', '#8a8f98'),
      up: color('--color-up', '#20b26c'),
      down: color('--color-down', '#ef454a'),
    },
    sides: geometry.sides ?? 'both',
  };
}

/** The painted height of a panel (CSS px). */
export function panelHeight(geometry: Pick<PanelGeometry, 'stackedRows' | 'spreadHeight'>): number {
  return geometry.stackedRows * ROW_HEIGHT + geometry.spreadHeight;
}

/**
 * Mounts a panel's canvas in `host` and keeps its layout current: width from a ResizeObserver, type and colours
 * from the page's styles (again when the theme or language changes), at most once per animation frame.
 */
export function usePanelCanvas(
  canvas: PanelCanvasHandle | null,
  host: HTMLElement | null,
  geometry: PanelGeometry,
  theme: string,
): void {
  const { rows, stackedRows, spreadHeight, spreadLabel, sides } = geometry;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme reaches the painter through the page's styles; naming it repaints the panel in the new colours.
  useLayoutEffect(() => {
    if (!canvas || !host) return;
    host.append(canvas.canvas);
    let frame = 0;
    const relayout = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const layout = measureLayout(host, { rows, stackedRows, spreadHeight, spreadLabel, sides });
        canvas.canvas.style.inlineSize = `${layout.width}px`;
        canvas.canvas.style.blockSize = `${layout.height}px`;
        canvas.setLayout(layout);
      });
    };
    relayout();
    const observer = new ResizeObserver(relayout);
    observer.observe(host);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.canvas.remove();
    };
  }, [canvas, host, rows, stackedRows, spreadHeight, spreadLabel, sides, theme]);
}
