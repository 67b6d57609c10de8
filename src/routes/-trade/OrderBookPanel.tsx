import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BookPaintLayout } from '../../../engine/market/book-painter';
import type { BookView } from '../../../engine/market/trade-frame';
import { useT } from '../../i18n/i18n';
import { settingsState } from '../../settings/settings';
import type { BookCanvasHandle } from '../../trade/book-canvas';
import { type FeedStore, useFeedPart } from '../../trade/feed-store';
import { PAGE_BOOK_MS } from '../../../engine/market/trade-feed';
import { StateView } from '../../ui/StateView';

/** Geometry of the painted book (CSS px): one row, the spread band, the column gap, the type sizes. */
const ROW_HEIGHT = 17;
const SPREAD_HEIGHT = 26;
const COLUMN_GAP = 4;
const ROW_FONT_PX = 12;
const SPREAD_FONT_PX = 13;

/**
 * The book as the page holds it for words (the accessible table): every change of state at once, figures at most
 * once per {@link PAGE_BOOK_MS}, so a page that paints the book itself does not also lay out a table every frame.
 */
function usePacedBook(store: FeedStore): BookView | null {
  const [book, setBook] = useState<BookView | null>(() => store.snapshot.book);
  useEffect(() => {
    let shown: BookView | null = store.snapshot.book;
    let shownAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      timer = undefined;
      shown = store.snapshot.book;
      shownAt = performance.now();
      setBook(shown);
    };
    const stop = store.subscribe('book', () => {
      const next = store.snapshot.book;
      const isUrgent = next === null || shown === null || next.status !== shown.status || next.step !== shown.step;
      if (isUrgent) {
        clearTimeout(timer);
        show();
      } else if (timer === undefined) {
        timer = setTimeout(show, Math.max(0, PAGE_BOOK_MS - (performance.now() - shownAt)));
      }
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [store]);
  return book;
}

/** The page's type and colours for the painter, read from the book's own styles. */
function measureLayout(host: HTMLElement, rows: number, spreadLabel: string): BookPaintLayout {
  const style = getComputedStyle(host);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const family = style.fontFamily || 'sans-serif';
  return {
    width: Math.max(0, Math.floor(host.clientWidth)),
    height: rows * 2 * ROW_HEIGHT + SPREAD_HEIGHT,
    dpr: Math.min(4, Math.max(1, window.devicePixelRatio || 1)),
    rows,
    rowHeight: ROW_HEIGHT,
    spreadHeight: SPREAD_HEIGHT,
    gap: COLUMN_GAP,
    rtl: style.direction === 'rtl',
    font: `${ROW_FONT_PX}px ${family}`,
    spreadFont: `${SPREAD_FONT_PX}px ${family}`,
    spreadLabel: spreadLabel.slice(0, 200),
    colors: { text: color('--color-text', '#e6e8ea'), muted: color('--color-text-muted', '#8a8f98'), up: color('--color-up', '#20b26c'), down: color('--color-down', '#ef454a') },
  };
}

/**
 * Mounts the book's canvas and keeps its layout current: width from a ResizeObserver, type and colours from the
 * page's styles (again when the theme or language changes), at most once per animation frame.
 */
function useBookCanvas(canvas: BookCanvasHandle | null, host: HTMLElement | null, rows: number, spreadLabel: string, theme: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme reaches the painter through the page's styles; naming it repaints the book in the new colours.
  useLayoutEffect(() => {
    if (!canvas || !host) return;
    host.append(canvas.canvas);
    let frame = 0;
    const relayout = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const layout = measureLayout(host, rows, spreadLabel);
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
  }, [canvas, host, rows, spreadLabel, theme]);
}

export interface OrderBookPanelProps {
  store: FeedStore;
  /** The painted book; null until the feed has made one. */
  canvas: BookCanvasHandle | null;
  /** Rows per side. */
  rows: number;
  base: string;
  quote: string;
  /** Grouping steps of the instrument (tick first) and the one chosen. */
  steps: readonly string[];
  step: string;
  onStep: (step: string) => void;
  /** A row's price was clicked: the order form takes it. */
  onPick: (price: string) => void;
}

/**
 * The order book: asks above (best nearest the middle), spread, bids below, painted on a canvas (by the market
 * worker where the browser allows) with an accessible table of the same book beside it; a book being rebuilt is
 * never shown.
 */
export function OrderBookPanel({ store, canvas, rows, base, quote, steps, step, onStep, onPick }: OrderBookPanelProps) {
  const t = useT();
  const book = usePacedBook(store);
  const connection = useFeedPart(store, 'connection');
  const { theme } = useSnapshot(settingsState);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const isLive = book !== null && book.status === 'live';
  useBookCanvas(canvas, isLive ? host : null, rows, t('trade.spread'), theme);
  const pickAt = useRef(0);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!canvas) return;
    const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
    const n = ++pickAt.current;
    void canvas.priceAt(y).then((price) => {
      // Only the newest click counts.
      if (price && n === pickAt.current) onPick(price);
    });
  };

  return (
    <section className="trade-panel book" aria-labelledby="book-title">
      <div className="trade-panel__head">
        <h2 id="book-title">{t('trade.book')}</h2>
        <label className="book__grouping">
          <span className="visually-hidden">{t('trade.grouping')}</span>
          <select value={step} onChange={(e) => onStep(e.target.value)} data-testid="book-grouping">
            {steps.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="book__columns" aria-hidden="true">
        <span>{t('trade.price', { coin: quote })}</span>
        <span>{t('trade.amount', { coin: base })}</span>
        <span>{t('trade.total', { coin: base })}</span>
      </div>
      {!isLive ? (
        <StateView state="loading" message={connection === 'reconnecting' ? t('trade.reconnecting') : t('trade.bookResyncing')} />
      ) : (
        <div className="book__body" data-testid="order-book" data-status={book.status}>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: picking a price from the book is a pointer shortcut; the price field takes the same value from the keyboard. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: as above; the canvas is a picture, the table below carries the book for assistive technology. */}
          <div className="book__paint" ref={setHost} onClick={onClick} style={{ blockSize: rows * 2 * ROW_HEIGHT + SPREAD_HEIGHT }} />
          <BookTable book={book} quote={quote} base={base} />
        </div>
      )}
    </section>
  );
}

/** The book in words for assistive technology (and a plain view of it for tests), refreshed about once a second. */
function BookTable({ book, quote, base }: { book: BookView; quote: string; base: string }) {
  const t = useT();
  const rows = (side: 'ask' | 'bid', list: BookView['asks']) =>
    list.map(([price, size, total]) => (
      <tr key={`${side}-${price}`}>
        <td className="book__price">{price}</td>
        <td>{size}</td>
        <td>{total}</td>
      </tr>
    ));
  return (
    <table className="visually-hidden book__table">
      <caption>{t('trade.book')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('trade.price', { coin: quote })}</th>
          <th scope="col">{t('trade.amount', { coin: base })}</th>
          <th scope="col">{t('trade.total', { coin: base })}</th>
        </tr>
      </thead>
      <tbody className="book__side--asks" aria-label={t('trade.asks')}>
        {rows('ask', book.asks)}
      </tbody>
      <tbody>
        <tr>
          <th scope="row">{t('trade.spread')}</th>
          <td data-testid="book-spread" colSpan={2}>
            {book.spread}
          </td>
        </tr>
      </tbody>
      <tbody className="book__side--bids" aria-label={t('trade.bids')}>
        {rows('bid', book.bids)}
      </tbody>
    </table>
  );
}
