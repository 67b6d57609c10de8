import { useEffect, useLayoutEffect, useState } from 'react';
import type { BookPaintLayout } from '../../../engine/market/book-painter';
import { PAGE_ALIGN_MS, PAGE_BOOK_MS } from '../../../engine/market/trade-feed';
import type { FeedParts, FeedStore } from './feed-store';
import type { PanelCanvasHandle } from './panel-canvas';

/** Geometry of the painted panels (CSS px): one row, the column gap, the row type size. */
export const ROW_HEIGHT = 17;
const COLUMN_GAP = 4;
const ROW_FONT_PX = 12;
const SPREAD_FONT_PX = 13;

/**
 * How long after its ticker frame the painted panels' copies are shown: the ticker's figures paint in a light frame
 * of their own, and the copies (the costlier layout of the two) in one frame a little later, long before the next
 * ticker frame is due.
 */
export const COPY_DELAY_MS = 120;

const copiesDue = new Set<() => void>();
let copyTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the book's and the tape's copies together: one task, so React renders them in one commit and one frame. */
function showCopy(show: () => void): void {
  copiesDue.add(show);
  if (copyTimer !== undefined) return;
  copyTimer = setTimeout(() => {
    copyTimer = undefined;
    const due = [...copiesDue];
    copiesDue.clear();
    for (const run of due) run();
  }, COPY_DELAY_MS);
}

/**
 * A part of the feed as the page holds it in words (the accessible tables of the painted panels): at once when
 * `isUrgent` says so, else at most once per {@link PAGE_BOOK_MS}, so a page that paints a panel itself does not also
 * lay out its table every frame. `isPacedByFeed`: the market worker paints the panel and already sends the page
 * its copy that seldom, riding a ticker frame (up to {@link PAGE_ALIGN_MS} early); the copies are shown together
 * {@link COPY_DELAY_MS} later (see `showCopy`), not on a timer of their own per panel.
 */
export function usePacedPart<K extends 'book' | 'trades'>(
  store: FeedStore,
  name: K,
  isUrgent: (next: FeedParts[K], shown: FeedParts[K]) => boolean,
  isPacedByFeed: boolean,
): FeedParts[K] {
  const [value, setValue] = useState<FeedParts[K]>(() => store.snapshot[name]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `isUrgent` is a pure rule of the caller, fixed per panel.
  useEffect(() => {
    let shown = store.snapshot[name];
    let shownAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      timer = undefined;
      shown = store.snapshot[name];
      shownAt = performance.now();
      setValue(shown);
    };
    const stop = store.subscribe(name, () => {
      if (isUrgent(store.snapshot[name], shown)) {
        clearTimeout(timer);
        copiesDue.delete(show);
        show();
      } else if (isPacedByFeed) {
        showCopy(show);
      } else if (timer === undefined) {
        timer = setTimeout(show, Math.max(0, PAGE_BOOK_MS - (performance.now() - shownAt)));
      }
    });
    return () => {
      stop();
      clearTimeout(timer);
      copiesDue.delete(show);
    };
  }, [store, name, isPacedByFeed]);
  return value;
}

/**
 * What a panel asks of its canvas: the painter's rows (per side for the book), the rows stacked in its height (both
 * sides for the book), the spread band (0 for the tape) and its label.
 */
export interface PanelGeometry {
  rows: number;
  stackedRows: number;
  spreadHeight: number;
  spreadLabel: string;
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
  const { rows, stackedRows, spreadHeight, spreadLabel } = geometry;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme reaches the painter through the page's styles; naming it repaints the panel in the new colours.
  useLayoutEffect(() => {
    if (!canvas || !host) return;
    host.append(canvas.canvas);
    let frame = 0;
    const relayout = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const layout = measureLayout(host, { rows, stackedRows, spreadHeight, spreadLabel });
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
  }, [canvas, host, rows, stackedRows, spreadHeight, spreadLabel, theme]);
}
