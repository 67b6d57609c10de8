import type { MarketRow } from '../../engine/market/market-rows';
import { useT } from '../i18n/i18n';

export interface MarketsTableProps {
  rows: readonly MarketRow[];
  /** When the figures are from, as the market worker formatted it for the page's language. */
  updatedText: string;
}

/** The instruments table; its figures arrive formatted from the market worker. */
export function MarketsTable({ rows, updatedText: time }: MarketsTableProps) {
  const t = useT();
  return (
    <div className="markets__table-wrap">
      <table className="markets__table">
        <caption className="visually-hidden">{t('markets.updated', { time })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('markets.pair')}</th>
            <th scope="col" className="num">
              {t('markets.lastPrice')}
            </th>
            <th scope="col" className="num">
              {t('markets.change24h')}
            </th>
            <th scope="col" className="num wide-only">
              {t('markets.high24h')}
            </th>
            <th scope="col" className="num wide-only">
              {t('markets.low24h')}
            </th>
            <th scope="col" className="num wide-only">
              {t('markets.volume24h')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.symbol} data-symbol={row.symbol}>
              <th scope="row">
                <span className="markets__base">{row.base}</span>
                <span className="markets__quote">/{row.quote}</span>
              </th>
              <td className="num">{row.last}</td>
              <td className={`num markets__change markets__change--${row.direction}`}>{row.change}</td>
              <td className="num wide-only">{row.high}</td>
              <td className="num wide-only">{row.low}</td>
              <td className="num wide-only">{row.volume}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="markets__updated" aria-hidden="true">
        {t('markets.updated', { time })}
      </p>
    </div>
  );
}
