import { useIntlTag, useT } from '../i18n/i18n';
import { formatRate, formatUsdt } from './fee-format';
import type { FeeMarket, VipLevel } from './vip-api';

export interface VipScheduleTableProps {
  market: FeeMarket;
  levels: readonly VipLevel[];
  /** The signed-in account's level, highlighted; null when signed out. */
  currentLevel: number | null;
}

/** One market's fee schedule by VIP level: the 30-day volume that reaches each level and its maker and taker rates. */
export function VipScheduleTable({ market, levels, currentLevel }: VipScheduleTableProps) {
  const t = useT();
  const intl = useIntlTag();
  const caption = market === 'spot' ? t('fees.spotTable') : t('fees.futuresTable');
  return (
    // A narrow screen scrolls the table inside its box: the box takes focus so a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className="fees-table" data-testid={`fees-table-${market}`} aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fees.level')}</th>
            <th scope="col">{market === 'spot' ? t('fees.spotVolume') : t('fees.futuresVolume')}</th>
            <th scope="col">{t('fees.maker')}</th>
            <th scope="col">{t('fees.taker')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((row) => {
            const isCurrent = row.level === currentLevel;
            const terms = row[market];
            return (
              <tr
                key={row.level}
                className={isCurrent ? 'fees-table__current' : undefined}
                aria-current={isCurrent ? 'true' : undefined}
                data-level={row.level}
              >
                <th scope="row">
                  {t('fees.levelName', { level: row.level })}
                  {isCurrent && <span className="fees-badge">{t('fees.yourLevel')}</span>}
                </th>
                <td>
                  {row.level === 0
                    ? t('fees.anyVolume')
                    : t('fees.atLeast', { amount: formatUsdt(terms.volume, intl, 0) })}
                </td>
                <td>{formatRate(terms.maker, intl)}</td>
                <td>{formatRate(terms.taker, intl)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
