import { useT } from '../i18n/i18n';

/** What the fund covers and what it does not, in plain words. */
export function CoverageSection() {
  const t = useT();
  return (
    <section className="fund-card" aria-labelledby="fund-covers">
      <h2 id="fund-covers">{t('fund.coversTitle')}</h2>
      <p>{t('fund.coversWhat')}</p>
      <ul className="fund__list">
        <li>{t('fund.coversInflow')}</li>
        <li>{t('fund.coversPayout')}</li>
      </ul>
      <h3>{t('fund.notCoveredTitle')}</h3>
      <ul className="fund__list">
        <li>{t('fund.notCoveredMargin')}</li>
        <li>{t('fund.notCoveredOther')}</li>
        <li>{t('fund.notCoveredGuarantee')}</li>
      </ul>
    </section>
  );
}
