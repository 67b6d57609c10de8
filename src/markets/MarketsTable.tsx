import type { MouseEvent } from 'react';
import type { MarketSort, MarketSortColumn } from '../../engine/rules/market-sort';
import { type MessageKey, useT } from '../i18n/i18n';
import { favouriteId } from '../../engine/rules/favourites';
import { CoinIcon } from '../ui/CoinIcon';
import { FavouriteStar } from '../ui/FavouriteStar';
import { MarketLink } from './MarketLink';
import type { ListedMarket } from './use-market-list';

const COLUMNS: { column: MarketSortColumn; label: MessageKey; className: string }[] = [
  { column: 'pair', label: 'markets.pair', className: '' },
  { column: 'last', label: 'markets.lastPrice', className: 'num' },
  { column: 'change', label: 'markets.change24h', className: 'num' },
  { column: 'high', label: 'markets.high24h', className: 'num wide-only' },
  { column: 'low', label: 'markets.low24h', className: 'num wide-only' },
  { column: 'volume', label: 'markets.volume24h', className: 'num wide-only' },
];
/** A perpetual's own figures, after the others when the table lists perpetuals. */
const FUTURES_COLUMNS: typeof COLUMNS = [
  { column: 'funding', label: 'markets.funding', className: 'num wide-only' },
  { column: 'openInterest', label: 'markets.openInterest', className: 'num wide-only' },
];

export interface MarketsTableProps {
  rows: readonly ListedMarket[];
  /** When the figures are from, as the market worker formatted it for the page's language. */
  updatedText: string;
  sort: MarketSort;
  onSort: (column: MarketSortColumn) => void;
  favourites: readonly string[];
  onToggleFavourite: (market: ListedMarket) => void;
  /** The table lists perpetuals: their funding rate and open interest show too. */
  isFutures?: boolean;
}

/** A click anywhere on a row follows the row's link, unless it was on a control or ended a text selection. */
function followRowLink(event: MouseEvent<HTMLTableRowElement>) {
  const target = event.target as Element;
  if (target.closest('a, button') || (window.getSelection()?.toString() ?? '') !== '') return;
  event.currentTarget.querySelector<HTMLAnchorElement>('a.markets__link')?.click();
}

/** The instruments table; its figures arrive formatted from the market worker. Each row leads to its trading screen. */
export function MarketsTable({
  rows,
  updatedText: time,
  sort,
  onSort,
  favourites,
  onToggleFavourite,
  isFutures = false,
}: MarketsTableProps) {
  const t = useT();
  const columns = isFutures ? [...COLUMNS, ...FUTURES_COLUMNS] : COLUMNS;
  return (
    <div className="markets__table-wrap">
      <table className="markets__table">
        <caption className="visually-hidden">{t('markets.updated', { time })}</caption>
        <thead>
          <tr>
            {columns.map(({ column, label, className }) => {
              const dir = sort?.column === column ? sort.dir : null;
              return (
                <th
                  key={column}
                  scope="col"
                  className={className || undefined}
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                >
                  <button
                    type="button"
                    className="markets__sort"
                    data-sort={dir ?? 'none'}
                    onClick={() => onSort(column)}
                  >
                    {t(label)}
                    <span className="markets__sort-mark" aria-hidden="true" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((market) => {
            const { row, kind } = market;
            const pair = `${row.base}/${row.quote}`;
            return (
              <tr
                key={market.id}
                data-symbol={row.symbol}
                data-kind={kind}
                className="markets__row"
                onClick={followRowLink}
              >
                <th scope="row">
                  <span className="markets__pair">
                    <FavouriteStar
                      isOn={favourites.includes(favouriteId(kind, row.symbol))}
                      label={t('markets.favourite', { pair })}
                      onToggle={() => onToggleFavourite(market)}
                    />
                    <CoinIcon coin={row.base} />
                    <MarketLink
                      className="markets__link"
                      kind={kind}
                      symbol={row.symbol}
                      base={row.base}
                      quote={row.quote}
                      perpetualLabel={t('markets.perpetual')}
                    />
                  </span>
                </th>
                <td className="num">{row.last}</td>
                <td className={`num markets__change markets__change--${row.direction}`}>{row.change}</td>
                <td className="num wide-only">{row.high}</td>
                <td className="num wide-only">{row.low}</td>
                <td className="num wide-only">{row.volume}</td>
                {isFutures && (
                  <>
                    <td className="num wide-only">{row.funding ?? '--'}</td>
                    <td className="num wide-only">
                      {row.openInterest === null ? '--' : `${row.openInterest} ${row.base}`}
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="markets__updated" aria-hidden="true">
        {t('markets.updated', { time })}
      </p>
    </div>
  );
}
