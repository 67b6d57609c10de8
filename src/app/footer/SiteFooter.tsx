import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { i18nState, loadTexts, useT } from '../../i18n/i18n';
import './site-footer.css';

/** One group of links under its heading. */
function Group({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="site-footer__group" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {heading}
      </h2>
      <ul>{children}</ul>
    </section>
  );
}

/**
 * The site's footer: the product, trust and account pages by name, on every web page (not inside the app, whose own
 * navigation stands in). It loads after the page has shown its figures, with texts of its own.
 */
export default function SiteFooter() {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  // The language whose footer texts are in: the footer shows once they are, never a bare key.
  const [textsFor, setTextsFor] = useState<string | null>(null);
  useEffect(() => {
    const loading = loadTexts('footer');
    if (!loading) {
      setTextsFor(locale);
      return;
    }
    let isLive = true;
    loading.then(
      () => isLive && setTextsFor(locale),
      () => undefined,
    );
    return () => {
      isLive = false;
    };
  }, [locale]);
  if (textsFor !== locale) return null;
  return (
    <footer className="site-footer" data-testid="site-footer">
      <nav className="site-footer__groups" aria-label={t('footer.label')}>
        <Group id="footer-products" heading={t('footer.products')}>
          <li>
            <Link to="/" search={{}}>
              {t('nav.markets')}
            </Link>
          </li>
          <li>
            <Link to="/spot/$symbol" params={{ symbol: 'BTCUSDT' }}>
              {t('nav.spot')}
            </Link>
          </li>
          <li>
            <Link to="/futures/usdt/$symbol" params={{ symbol: 'BTCUSDT' }}>
              {t('nav.futures')}
            </Link>
          </li>
          <li>
            <Link to="/api">{t('footer.api')}</Link>
          </li>
          <li>
            <Link to="/download">{t('footer.download')}</Link>
          </li>
          <li>
            <Link to="/announcements">{t('footer.announcements')}</Link>
          </li>
        </Group>
        <Group id="footer-trust" heading={t('footer.trust')}>
          <li>
            <Link to="/proof-of-reserves">{t('footer.proofOfReserves')}</Link>
          </li>
          <li>
            <Link to="/protection-fund">{t('footer.protectionFund')}</Link>
          </li>
          <li>
            <Link to="/fee">{t('footer.fee')}</Link>
          </li>
          <li>
            <Link to="/vip/vipIntroduce">{t('footer.vipIntroduce')}</Link>
          </li>
        </Group>
        <Group id="footer-account" heading={t('nav.account')}>
          <li>
            <Link to="/asset">{t('nav.assets')}</Link>
          </li>
          <li>
            <Link to="/transac">{t('footer.transac')}</Link>
          </li>
          <li>
            <Link to="/record/exchange">{t('footer.spotRecords')}</Link>
          </li>
          <li>
            <Link to="/history">{t('footer.orderHistory')}</Link>
          </li>
          <li>
            <Link to="/vip/detail">{t('footer.vipDetail')}</Link>
          </li>
          <li>
            <Link to="/account/sub-account">{t('footer.subAccounts')}</Link>
          </li>
          <li>
            <Link to="/account/newapi">{t('footer.apiKeys')}</Link>
          </li>
          <li>
            <Link to="/devices">{t('footer.devices')}</Link>
          </li>
          <li>
            <Link to="/account/security">{t('footer.security')}</Link>
          </li>
          <li>
            <Link to="/account/setting">{t('footer.accountSetting')}</Link>
          </li>
        </Group>
      </nav>
    </footer>
  );
}
