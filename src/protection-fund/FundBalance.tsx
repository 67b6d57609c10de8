import { useIntlTag, useT } from '../i18n/i18n';
import { ReadStates } from '../api/ReadStates';
import type { FundSummary } from './fund-api';
import { formatAmount, formatMoment } from './fund-format';
import { useFundSummary } from './use-fund';

/** The fund's balance as the big figure, when it was read, and what it paid over the last 30 days. */
export function FundBalance() {
  const t = useT();
  const summary = useFundSummary();
  return (
    <ReadStates
      state={summary.state}
      onRetry={() => void summary.refresh()}
      texts={{ failed: t('fund.summaryFailed') }}
      className="fund-balance"
    >
      {(data) => <FundFigures data={data} />}
    </ReadStates>
  );
}

/** The balance figures of a summary. */
function FundFigures({ data }: { data: FundSummary }) {
  const t = useT();
  const intl = useIntlTag();
  return (
    <div className="fund-balance" data-testid="fund-balance">
      {data.balances.map((balance) => (
        <p key={balance.coin} className="fund-balance__figure">
          <span className="fund-balance__label">{t('fund.balance', { coin: balance.coin })}</span>
          <bdi className="fund-balance__amount" dir="ltr">
            {formatAmount(balance.balance, intl)} {balance.coin}
          </bdi>
        </p>
      ))}
      <p className="fund-balance__meta">{t('fund.updatedAt', { time: formatMoment(data.updatedAt, intl) })}</p>
      <p className="fund-balance__meta">
        {t('fund.paid30d', { amount: `${formatAmount(data.totalPayouts30d, intl)} USDT` })}
      </p>
    </div>
  );
}
