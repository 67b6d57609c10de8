import { type PointerEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DepthView } from '../../../engine/market/book-depth';
import { type Translate, useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { type FeedParts, type FeedStore, useFeedValue } from './feed-store';
import { type DepthPaintLayout, type DepthPoint, DepthSurfacePainter } from './main-thread-engine';
import './depth-chart.css';

/** What the chart shows: its state while there is nothing to draw, else `live`. */
type DepthStatus = 'loading' | 'resyncing' | 'empty' | 'failed' | 'live';

function depthStatus(parts: FeedParts): DepthStatus {
  const { depth } = parts;
  if (depth === null) return 'loading';
  if (depth === 'unavailable') return 'failed';
  if (depth.status !== 'live') return 'resyncing';
  return depth.bids.length === 0 && depth.asks.length === 0 ? 'empty' : 'live';
}

const viewOf = (parts: FeedParts): DepthView | null =>
  parts.depth !== null && parts.depth !== 'unavailable' ? parts.depth : null;

/** The words for a listener are refreshed at most this often (ms), as the book's table is. */
const SUMMARY_MS = 2000;
/** The crosshair's figures sit this far from its dot, and stay this far inside the chart (CSS px). */
const TIP_OFFSET = 12;
const TIP_MARGIN = 4;
const TIP_HEIGHT = 72;

/** The page's type and colours for the painter, read from the chart's own styles (the theme's custom properties). */
function measureLayout(host: HTMLElement): DepthPaintLayout {
  const style = getComputedStyle(host);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    width: Math.max(0, Math.floor(host.clientWidth)),
    height: Math.max(0, Math.floor(host.clientHeight)),
    dpr: Math.min(4, Math.max(1, window.devicePixelRatio || 1)),
    font: `11px ${style.fontFamily || 'sans-serif'}`,
    colors: {
      text: color('--color-text', '#e6e8ea'),
      muted: color('--color-text-muted', '#8a8f98'),
      grid: color('--color-border', '#2b3139'),
      up: color('--color-up', '#20b26c'),
      down: color('--color-down', '#ef454a'),
    },
  };
}

export interface DepthChartProps {
  store: FeedStore;
  base: string;
  quote: string;
  /** The page's theme: a new one repaints in its colours. */
  theme: string;
}

/**
 * The depth chart: the book's cumulative bids (green, left) and asks (red, right) around the mid price, painted on
 * this thread from the figures the market worker sums (at most once per animation frame), with a crosshair that
 * snaps to the book level under the pointer or finger and shows its price, cumulative amount and value. While it is
 * on screen the feed sends the depth (and no K-lines). The price axis runs left to right in every language.
 */
export function DepthChart({ store, base, quote, theme }: DepthChartProps) {
  const t = useT();
  const status = useFeedValue(store, 'depth', depthStatus);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [painter, setPainter] = useState<DepthSurfacePainter | null>(null);
  const tip = useRef<HTMLDivElement>(null);
  const figures = useRef<Record<'price' | 'amount' | 'value', HTMLElement | null>>({
    price: null,
    amount: null,
    value: null,
  });
  const figureRef = (name: 'price' | 'amount' | 'value') => (element: HTMLElement | null) => {
    figures.current[name] = element;
  };
  const summary = useRef<HTMLParagraphElement>(null);
  /** The painted height as last measured: the crosshair's figures stay inside it without a layout read per frame. */
  const height = useRef(0);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => store.showDepth(), [store]);
  const canvasRef = useCallback((canvas: HTMLCanvasElement | null) => {
    setPainter(canvas ? new DepthSurfacePainter(canvas) : null);
  }, []);

  /** Writes the crosshair's figures beside its dot, or hides them; no render. */
  const showPoint = useCallback((point: DepthPoint | null) => {
    const element = tip.current;
    if (!element) return;
    if (point === null) {
      element.hidden = true;
      return;
    }
    const [, , price, amount, value] = point.level;
    const texts = { price, amount, value };
    for (const name of ['price', 'amount', 'value'] as const) {
      const figure = figures.current[name];
      if (figure && figure.textContent !== texts[name]) figure.textContent = texts[name];
    }
    element.dataset.side = point.side;
    element.style.left = `${point.x + (point.side === 'bid' ? TIP_OFFSET : -TIP_OFFSET)}px`;
    const top = Math.min(height.current - TIP_HEIGHT - TIP_MARGIN, point.y - TIP_HEIGHT / 2);
    element.style.top = `${Math.max(TIP_MARGIN, top)}px`;
    element.hidden = false;
  }, []);

  // The depth, painted at the next animation frame however many came in between.
  useEffect(() => {
    if (!painter) return;
    let frame = 0;
    let summarizedAt = Number.NEGATIVE_INFINITY;
    const paint = () => {
      frame = 0;
      const view = viewOf(store.snapshot);
      painter.paint(view);
      showPoint(painter.point);
      // The words follow at once when the depth comes or goes, else at most every SUMMARY_MS.
      const element = summary.current;
      const text = view ? summaryText(tRef.current, view, base) : '';
      const now = performance.now();
      if (element && (text === '' || element.textContent === '' || now - summarizedAt >= SUMMARY_MS)) {
        summarizedAt = now;
        if (element.textContent !== text) element.textContent = text;
      }
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(paint);
    };
    schedule();
    const stop = store.subscribe('depth', schedule);
    return () => {
      stop();
      cancelAnimationFrame(frame);
    };
  }, [store, painter, base, showPoint]);

  // Size, type and colours from the page: again when resized or when the theme changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme reaches the painter through the page's styles; naming it repaints the chart in the new colours.
  useLayoutEffect(() => {
    if (!painter || !host) return;
    let frame = 0;
    const relayout = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const layout = measureLayout(host);
        height.current = layout.height;
        painter.setLayout(layout);
        showPoint(painter.point);
      });
    };
    relayout();
    const observer = new ResizeObserver(relayout);
    observer.observe(host);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [painter, host, theme, showPoint]);

  // The crosshair follows the pointer, at most once per animation frame; a finger's stays where it was lifted.
  const hoverFrame = useRef(0);
  const hoverAt = (x: number | null) => {
    cancelAnimationFrame(hoverFrame.current);
    hoverFrame.current = requestAnimationFrame(() => {
      if (!painter) return;
      painter.hover(x);
      showPoint(painter.point);
    });
  };
  useEffect(() => () => cancelAnimationFrame(hoverFrame.current), []);
  const onPointer = (event: PointerEvent<HTMLDivElement>) =>
    hoverAt(event.clientX - event.currentTarget.getBoundingClientRect().left);
  const onLeave = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') hoverAt(null);
  };

  return (
    <figure className="depth-chart" aria-label={t('trade.depthChart')} data-status={status}>
      <div
        className="depth-chart__paint"
        ref={setHost}
        // A picture: the summary below says it in words, and the crosshair's figures are text beside it.
        aria-hidden="true"
        data-testid="depth-chart"
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={onLeave}
      >
        <canvas className="depth-chart__canvas" ref={canvasRef} />
      </div>
      {/* Beside the painted area, not in it: the figures read in the page's direction while the axis stays LTR. */}
      <div className="depth-chart__tip" ref={tip} hidden data-testid="depth-tip">
        <dl>
          <div>
            <dt>{t('trade.price', { coin: quote })}</dt>
            <dd ref={figureRef('price')} />
          </div>
          <div>
            <dt>{t('trade.depthAmount', { coin: base })}</dt>
            <dd ref={figureRef('amount')} />
          </div>
          <div>
            <dt>{t('trade.depthValue', { coin: quote })}</dt>
            <dd ref={figureRef('value')} />
          </div>
        </dl>
      </div>
      <p className="visually-hidden" ref={summary} />
      {status === 'loading' && <StateView state="loading" className="depth-chart__state" />}
      {status === 'resyncing' && (
        <StateView state="loading" message={t('trade.bookResyncing')} className="depth-chart__state" />
      )}
      {status === 'empty' && <StateView state="empty" message={t('trade.depthEmpty')} className="depth-chart__state" />}
      {status === 'failed' && (
        <StateView state="error" message={t('trade.depthFailed')} className="depth-chart__state" />
      )}
    </figure>
  );
}

/** The depth in one sentence for assistive technology: the mid price and how far and how deep each side reaches. */
function summaryText(t: Translate, view: DepthView, coin: string): string {
  const dash = '–';
  const bid = view.bids.at(-1);
  const ask = view.asks.at(-1);
  return t('trade.depthSummary', {
    mid: view.midText || dash,
    bidPrice: bid?.[2] ?? dash,
    bidAmount: bid?.[3] ?? dash,
    askPrice: ask?.[2] ?? dash,
    askAmount: ask?.[3] ?? dash,
    coin,
  });
}
