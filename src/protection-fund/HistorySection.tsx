import { useState } from 'react';
import { ReadStates } from '../api/ReadStates';
import { useT } from '../i18n/i18n';
import { StateView } from '../ui/StateView';
import { Tabs } from '../ui/Tabs';
import { FUND_RANGES, type FundRange } from './fund-api';
import { FundHistoryChart } from './FundHistoryChart';
import { useFundHistory } from './use-fund';

/** The history chart with its range tabs (30, 90, 180 days), and the range's loading, failed or empty state. */
export function HistorySection() {
  const t = useT();
  const [days, setDays] = useState<FundRange>(FUND_RANGES[0]);
  const history = useFundHistory(days);
  return (
    <section className="fund-card" aria-labelledby="fund-history">
      <h2 id="fund-history">{t('fund.historyTitle')}</h2>
      <Tabs
        className="fund-tabs"
        label={t('fund.rangeLabel')}
        items={FUND_RANGES.map((range) => ({ id: String(range), label: t('fund.rangeDays', { days: range }) }))}
        value={String(days)}
        onChange={(id) => setDays(Number(id) as FundRange)}
      >
        <div className="fund-history" data-days={days}>
          <ReadStates
            state={history.state}
            onRetry={() => void history.refresh()}
            texts={{ failed: t('fund.historyFailed') }}
            className="fund-history__state"
          >
            {(data) =>
              data.points.length < 2 ? (
                <StateView state="empty" message={t('fund.noHistory')} className="fund-history__state" />
              ) : (
                <FundHistoryChart points={data.points} coin={data.coin} />
              )
            }
          </ReadStates>
        </div>
      </Tabs>
    </section>
  );
}
