import { type MouseEvent, memo } from 'react';
import type { BookRowView } from '../../../engine/market/trade-frame';
import { useT } from '../../i18n/i18n';
import type { FeedStore } from '../../trade/feed-store';
import { useFeedPart } from '../../trade/feed-store';
import { StateView } from '../../ui/StateView';

interface BookRowProps {
  row: BookRowView;
  side: 'bid' | 'ask';
}

/**
 * One price level: plain text in a fixed-height row (a form control per row cost a layout per level per frame); the
 * depth bar is a transform, and a click anywhere on the list picks the row's price (see {@link pickFrom}).
 */
const BookRow = memo(function BookRow({ row, side }: BookRowProps) {
  const [price, size, total, share] = row;
  return (
    <li className={`book__row book__row--${side}`} data-price={price}>
      <span className="book__bar" style={{ transform: `scaleX(${share})` }} aria-hidden="true" />
      <span className="book__price">{price}</span>
      <span className="book__size">{size}</span>
      <span className="book__total">{total}</span>
    </li>
  );
});

/** The price of the row a click landed in, if any. */
function pickFrom(event: MouseEvent<HTMLOListElement>, onPick: (price: string) => void): void {
  const row = (event.target as HTMLElement).closest<HTMLElement>('[data-price]');
  const price = row?.dataset.price;
  if (price) onPick(price);
}

export interface OrderBookPanelProps {
  store: FeedStore;
  base: string;
  quote: string;
  /** Grouping steps of the instrument (tick first) and the one chosen. */
  steps: readonly string[];
  step: string;
  onStep: (step: string) => void;
  /** A row's price was clicked: the order form takes it. */
  onPick: (price: string) => void;
}

/** The order book: asks above (best nearest the middle), spread, bids below; a book being rebuilt is never shown. */
export function OrderBookPanel({ store, base, quote, steps, step, onStep, onPick }: OrderBookPanelProps) {
  const t = useT();
  const book = useFeedPart(store, 'book');
  const connection = useFeedPart(store, 'connection');
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
      {book === null || book.status === 'resyncing' ? (
        <StateView state="loading" message={connection === 'reconnecting' ? t('trade.reconnecting') : t('trade.bookResyncing')} />
      ) : (
        <div className="book__body" data-testid="order-book" data-status={book.status}>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: picking a price from the book is a pointer shortcut; the price field takes the same value from the keyboard. */}
          <ol className="book__side book__side--asks" aria-label={t('trade.asks')} onClick={(e) => pickFrom(e, onPick)}>
            {book.asks.map((row, i) => (
              // Index keys: a level's row is reused as prices move, so a frame only patches texts.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the book, not identities.
              <BookRow key={i} row={row} side="ask" />
            ))}
          </ol>
          <p className="book__spread">
            <span>{t('trade.spread')}</span> <span data-testid="book-spread">{book.spread}</span>
          </p>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: picking a price from the book is a pointer shortcut; the price field takes the same value from the keyboard. */}
          <ol className="book__side book__side--bids" aria-label={t('trade.bids')} onClick={(e) => pickFrom(e, onPick)}>
            {book.bids.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <BookRow key={i} row={row} side="bid" />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
