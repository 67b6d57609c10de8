import { useIntlTag, useT } from '../i18n/i18n';
import { CoinIcon } from '../ui/CoinIcon';
import type { CoinReserves } from './reserves-api';
import { formatAmount, formatRatio, isFullyBacked, isZero } from './reserves-format';

export interface CoinReservesTableProps {
  coins: CoinReserves[];
}

/** Reserves against user liabilities per coin, with their ratio (100 % or more in the up colour); rows stack on phones. */
export function CoinReservesTable({ coins }: CoinReservesTableProps) {
  const t = useT();
  const intl = useIntlTag();
  return (
    <table className="data-table reserves-table" data-testid="reserves-coins">
      <caption>{t('reserves.coinsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('reserves.coin')}</th>
          <th scope="col">{t('reserves.reserves')}</th>
          <th scope="col">{t('reserves.liabilities')}</th>
          <th scope="col">{t('reserves.ratio')}</th>
        </tr>
      </thead>
      <tbody>
        {coins.map((line) => {
          const owesNothing = isZero(line.liabilities);
          const backed = !owesNothing && isFullyBacked(line.ratio);
          return (
            <tr key={line.coin} data-coin={line.coin}>
              <th scope="row">
                <span className="reserves-table__coin">
                  <CoinIcon coin={line.coin} />
                  {line.coin}
                </span>
              </th>
              <td data-label={t('reserves.reserves')}>{formatAmount(line.reserves, intl)}</td>
              <td data-label={t('reserves.liabilities')}>{formatAmount(line.liabilities, intl)}</td>
              <td
                data-label={t('reserves.ratio')}
                className={backed ? 'reserves-table__ratio reserves-table__ratio--backed' : 'reserves-table__ratio'}
                data-backed={backed}
              >
                {owesNothing ? t('reserves.noLiabilities') : formatRatio(line.ratio, intl)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
