import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { useNamespaceTexts } from '../i18n/use-namespace-texts';
import { opensHere } from '../simulation/simulation';

/** One entry; none in simulation mode when its page does not open there. */
function Entry({ path, children }: { path: string; children: ReactNode }) {
  return opensHere(path) ? <li>{children}</li> : null;
}

/**
 * The signed-in account menu's pages: settings, the records of assets and orders, the VIP level, sub-accounts, API
 * keys and devices. Its own chunk, with the footer's texts (the same page names), loaded when the menu first opens.
 */
export default function AccountMenuLinks({ onFollow }: { onFollow(): void }) {
  const t = useT();
  const hasTexts = useNamespaceTexts('footer');
  if (!hasTexts) return <p className="account-menu__loading">{t('common.loading')}</p>;
  return (
    // A link followed folds the menu away.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is a link's own (Enter on a link fires it too).
    <ul className="account-menu__list" onClick={(event) => (event.target as Element).closest('a') && onFollow()}>
      <Entry path="/account/setting">
        <Link to="/account/setting">{t('footer.accountSetting')}</Link>
      </Entry>
      <Entry path="/asset">
        <Link to="/asset">{t('nav.assets')}</Link>
      </Entry>
      <Entry path="/transac">
        <Link to="/transac">{t('footer.transac')}</Link>
      </Entry>
      <Entry path="/record/exchange">
        <Link to="/record/exchange">{t('footer.spotRecords')}</Link>
      </Entry>
      <Entry path="/history">
        <Link to="/history">{t('footer.orderHistory')}</Link>
      </Entry>
      <Entry path="/vip/detail">
        <Link to="/vip/detail">{t('footer.vipDetail')}</Link>
      </Entry>
      <Entry path="/account/sub-account">
        <Link to="/account/sub-account">{t('footer.subAccounts')}</Link>
      </Entry>
      <Entry path="/account/newapi">
        <Link to="/account/newapi">{t('footer.apiKeys')}</Link>
      </Entry>
      <Entry path="/devices">
        <Link to="/devices">{t('footer.devices')}</Link>
      </Entry>
    </ul>
  );
}
