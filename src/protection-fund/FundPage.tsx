import { useT } from '../i18n/i18n';
import { CoverageSection } from './CoverageSection';
import { FundBalance } from './FundBalance';
import { HistorySection } from './HistorySection';
import { PayoutsSection } from './PayoutsSection';
import './fund.css';

/** `/protection-fund`: the fund's balance, its history, what it covers and its recent payouts (issue 23 §4). */
export function FundPage() {
  const t = useT();
  return (
    <section className="fund" aria-labelledby="fund-title">
      <h1 id="fund-title">{t('fund.title')}</h1>
      <p className="fund__intro">{t('fund.intro')}</p>
      <FundBalance />
      <HistorySection />
      <CoverageSection />
      <PayoutsSection />
    </section>
  );
}
