import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { useNamespaceTexts } from '../../i18n/use-namespace-texts';
import { isSimulationOn, opensHere } from '../../simulation/simulation';
import './site-footer.css';

/** One link of the footer; none in simulation mode when its page does not open there (it would land on spot). */
function Item({ path, children }: { path: string; children: ReactNode }) {
  return opensHere(path) ? <li>{children}</li> : null;
}

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
  // The footer shows once its texts are in, never a bare key.
  const hasTexts = useNamespaceTexts('footer');
  if (!hasTexts) return null;
  return (
    <footer className="site-footer" data-testid="site-footer">
      {isSimulationOn() && (
        <p className="site-footer__note" data-testid="footer-simulation-note">
          {t('footer.simulationNote')}
        </p>
      )}
      <nav className="site-footer__groups" aria-label={t('footer.label')}>
        <Group id="footer-products" heading={t('footer.products')}>
          <Item path="/">
            <Link to="/" search={{}}>
              {t('nav.markets')}
            </Link>
          </Item>
          <Item path="/spot/BTCUSDT">
            <Link to="/spot/$symbol" params={{ symbol: 'BTCUSDT' }}>
              {t('nav.spot')}
            </Link>
          </Item>
          <Item path="/futures/usdt/BTCUSDT">
            <Link to="/futures/usdt/$symbol" params={{ symbol: 'BTCUSDT' }}>
              {t('nav.futures')}
            </Link>
          </Item>
          <Item path="/api">
            <Link to="/api">{t('footer.api')}</Link>
          </Item>
          <Item path="/download">
            <Link to="/download">{t('footer.download')}</Link>
          </Item>
          <Item path="/announcements">
            <Link to="/announcements">{t('footer.announcements')}</Link>
          </Item>
        </Group>
        <Group id="footer-trust" heading={t('footer.trust')}>
          <Item path="/proof-of-reserves">
            <Link to="/proof-of-reserves">{t('footer.proofOfReserves')}</Link>
          </Item>
          <Item path="/protection-fund">
            <Link to="/protection-fund">{t('footer.protectionFund')}</Link>
          </Item>
          <Item path="/fee">
            <Link to="/fee">{t('footer.fee')}</Link>
          </Item>
          <Item path="/vip/vipIntroduce">
            <Link to="/vip/vipIntroduce">{t('footer.vipIntroduce')}</Link>
          </Item>
          <Item path="/terms">
            <Link to="/terms">{t('footer.terms')}</Link>
          </Item>
        </Group>
        <Group id="footer-account" heading={t('nav.account')}>
          <Item path="/asset">
            <Link to="/asset">{t('nav.assets')}</Link>
          </Item>
          <Item path="/transac">
            <Link to="/transac">{t('footer.transac')}</Link>
          </Item>
          <Item path="/record/exchange">
            <Link to="/record/exchange">{t('footer.spotRecords')}</Link>
          </Item>
          <Item path="/history">
            <Link to="/history">{t('footer.orderHistory')}</Link>
          </Item>
          <Item path="/vip/detail">
            <Link to="/vip/detail">{t('footer.vipDetail')}</Link>
          </Item>
          <Item path="/account/sub-account">
            <Link to="/account/sub-account">{t('footer.subAccounts')}</Link>
          </Item>
          <Item path="/account/newapi">
            <Link to="/account/newapi">{t('footer.apiKeys')}</Link>
          </Item>
          <Item path="/devices">
            <Link to="/devices">{t('footer.devices')}</Link>
          </Item>
          <Item path="/account/security">
            <Link to="/account/security">{t('footer.security')}</Link>
          </Item>
          <Item path="/account/setting">
            <Link to="/account/setting">{t('footer.accountSetting')}</Link>
          </Item>
        </Group>
      </nav>
    </footer>
  );
}
