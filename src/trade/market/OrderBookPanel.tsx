import { type MouseEvent, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BookView } from '../../../engine/market/trade-frame';
import { useT } from '../../i18n/i18n';
import { settingsState } from '../../settings/settings';
import type { PanelCanvasHandle } from './panel-canvas';
import { BookModeToggle } from './BookModeToggle';
import { type FeedStore, panelState, useFeedPart } from './feed-store';
import { type BookMode, chooseBookMode, panelModes } from './panel-modes';
import { StateView } from '../../ui/StateView';
import { type PacedCopy, panelHeight, useCopy, usePacedCopy, usePanelCanvas } from './use-panel-canvas';

const isLiveBook = (book: BookView | null) => book !== null && book.status === 'live';

/** What the table says for the moment between the book leaving and the panel showing its loading state. */
const EMPTY_BOOK: BookView = { status: 'live', bids: [], asks: [], spread: '', step: '' };

/** The spread band between the sides (CSS px). */
const SPREAD_HEIGHT = 26;

export interface OrderBookPanelProps {
  store: FeedStore;
  /** The painted book; null until the feed has made one. */
  canvas: PanelCanvasHandle | null;
  /** Rows per side with both sides shown; one side alone shows twice as many in the same height. */
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
 * never shown, and one the stream stopped moving is greyed and marked not live (`data-state="stale"`). The book view
 * chosen on this device (both sides, bids only, asks only) decides which rows show; one side gets the rows of two.
 */
export function OrderBookPanel({ store, canvas, rows, base, quote, steps, step, onStep, onPick }: OrderBookPanelProps) {
  const t = useT();
  const copy = usePacedCopy(store, 'book', canvas?.kind === 'worker');
  // The panel renders when the book starts or stops being live; each refresh of its copy renders the table alone.
  const isLive = useCopy(copy, isLiveBook);
  const connection = useFeedPart(store, 'connection');
  const { theme } = useSnapshot(settingsState);
  const { book: mode } = useSnapshot(panelModes);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const state = panelState(connection);
  const geometry = {
    rows: mode === 'both' ? rows : rows * 2,
    stackedRows: rows * 2,
    spreadHeight: SPREAD_HEIGHT,
    spreadLabel: t('trade.spread'),
    sides: mode,
  };
  usePanelCanvas(canvas, isLive ? host : null, geometry, theme);
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
    <section
      className="trade-panel book"
      aria-labelledby="book-title"
      data-testid="book-panel"
      data-state={state}
      data-book-mode={mode}
    >
      <div className="trade-panel__head">
        <h2 id="book-title">{t('trade.book')}</h2>
        {state === 'stale' && <span className="trade-panel__stale">{t('trade.notLive')}</span>}
        <BookModeToggle mode={mode} onChange={chooseBookMode} />
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
        <StateView
          state="loading"
          message={connection === 'reconnecting' ? t('trade.reconnecting') : t('trade.bookResyncing')}
        />
      ) : (
        <div className="book__body" data-testid="order-book" data-status="live">
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: picking a price from the book is a pointer shortcut; the price field takes the same value from the keyboard. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: as above; the canvas is a picture, the table below carries the book for assistive technology. */}
          <div className="book__paint" ref={setHost} onClick={onClick} style={{ blockSize: panelHeight(geometry) }} />
          <BookTable copy={copy} quote={quote} base={base} mode={mode} />
        </div>
      )}
    </section>
  );
}

/**
 * Levels per side the table says: the top of the book is what a listener acts on, and every row of it is laid out
 * again at each refresh, however hidden. One side shown alone gets twice as many, as it does on the canvas.
 */
const TABLE_LEVELS = 5;

interface BookTableProps {
  copy: PacedCopy<'book'>;
  quote: string;
  base: string;
  mode: BookMode;
}

/**
 * The top of the book in words for assistive technology (and a plain view of it for tests), refreshed every two
 * seconds: the sides the book view shows, around the spread.
 */
function BookTable({ copy, quote, base, mode }: BookTableProps) {
  const t = useT();
  const book = useCopy(copy, (value) => value) ?? EMPTY_BOOK;
  const levels = mode === 'both' ? TABLE_LEVELS : TABLE_LEVELS * 2;
  const rows = (side: 'ask' | 'bid', list: BookView['asks']) =>
    list.slice(0, levels).map(([price, size, total], i) => (
      // Index keys: at each refresh only the texts change, no row is taken out or put in.
      // biome-ignore lint/suspicious/noArrayIndexKey: rows are places in the book, not identities.
      <tr key={`${side}-${i}`}>
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
      {mode !== 'bids' && (
        <tbody className="book__side--asks" aria-label={t('trade.asks')}>
          {rows('ask', book.asks)}
        </tbody>
      )}
      <tbody>
        <tr>
          <th scope="row">{t('trade.spread')}</th>
          <td data-testid="book-spread" colSpan={2}>
            {book.spread}
          </td>
        </tr>
      </tbody>
      {mode !== 'asks' && (
        <tbody className="book__side--bids" aria-label={t('trade.bids')}>
          {rows('bid', book.bids)}
        </tbody>
      )}
    </table>
  );
}
