import { useIntlTag, useT } from '../i18n/i18n';
import { ReadStates } from '../api/ReadStates';
import { StateView } from '../ui/StateView';
import { formatAmount, formatMoment } from './fund-format';
import { useFundPayouts } from './use-fund';

/** The latest payouts: a table on wide screens, one card per payout on a phone (the CSS turns rows into cards). */
export function PayoutsSection() {
  const t = useT();
  const intl = useIntlTag();
  const payouts = useFundPayouts();
  return (
    <section className="fund-card" aria-labelledby="fund-payouts">
      <h2 id="fund-payouts">{t('fund.payoutsTitle')}</h2>
      <ReadStates
        state={payouts.state}
        onRetry={() => void payouts.refresh()}
        texts={{ failed: t('fund.payoutsFailed') }}
      >
        {(data) =>
          data.length === 0 ? (
            <StateView state="empty" message={t('fund.noPayouts')} />
          ) : (
            <table className="data-table fund-payouts" data-testid="fund-payouts">
              <thead>
                <tr>
                  <th scope="col">{t('fund.colTime')}</th>
                  <th scope="col">{t('fund.colSymbol')}</th>
                  <th scope="col">{t('fund.colSide')}</th>
                  <th scope="col">{t('fund.colSize')}</th>
                  <th scope="col">{t('fund.colAmount')}</th>
                  <th scope="col">{t('fund.colAccount')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((payout) => (
                  <tr key={`${payout.time}-${payout.symbol}-${payout.user}-${payout.amount}`}>
                    <td data-label={t('fund.colTime')}>{formatMoment(payout.time, intl)}</td>
                    <td data-label={t('fund.colSymbol')}>
                      <bdi dir="ltr">{payout.symbol}</bdi>
                    </td>
                    <td data-label={t('fund.colSide')}>
                      {payout.holdSide === 'long' ? t('fund.long') : t('fund.short')}
                    </td>
                    <td data-label={t('fund.colSize')}>
                      <bdi dir="ltr">{payout.size}</bdi>
                    </td>
                    <td data-label={t('fund.colAmount')}>
                      <bdi dir="ltr">
                        {formatAmount(payout.amount, intl)} {payout.coin}
                      </bdi>
                    </td>
                    <td data-label={t('fund.colAccount')}>
                      <bdi dir="ltr">{payout.user}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ReadStates>
    </section>
  );
}
