import { Link } from '@tanstack/react-router';
import { useStepUp } from '../../auth/use-step-up';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { readSubAccount, type SubAccount } from './sub-accounts-api';
import { SubFreezeButton } from './SubFreezeButton';
import { SubKeysPanel } from './SubKeysPanel';
import { SubLoadState } from './SubLoadState';
import { fresh, useRead } from '../../api/use-read';
import './sub-accounts.css';

export interface SubSettingPageProps {
  /** The sub-account, from the `userId` search param; null when the address names none. */
  userId: string | null;
}

/** `/subaccount/setting?userId=`: one sub-account's settings: its state (freeze), its API keys and permissions. */
export function SubSettingPage({ userId }: SubSettingPageProps) {
  const t = useT();
  const stepUp = useStepUp();
  const {
    state: view,
    refresh: reload,
    update,
  } = useRead(
    fresh(() => (userId === null ? Promise.reject(new Error('no sub-account')) : readSubAccount(userId))),
    { key: userId ?? '' },
  );
  if (userId === null)
    return (
      <section className="subs">
        <h1>{t('subaccounts.settingTitle')}</h1>
        <StateView state="empty" message={t('subaccounts.pickOne')} />
        <Link to="/account/sub-account">{t('subaccounts.backToList')}</Link>
      </section>
    );
  return (
    <section className="subs" aria-labelledby="sub-setting-title">
      <Link className="subs__back" to="/account/sub-account">
        {t('subaccounts.backToList')}
      </Link>
      <h1 id="sub-setting-title">
        {view.status === 'ready' ? t('subaccounts.settingOf', { name: view.data.name }) : t('subaccounts.settingTitle')}
      </h1>
      <SubLoadState view={view} onRetry={() => void reload()} />
      {view.status === 'ready' && (
        <SubSettingBody account={view.data} run={stepUp.run} onChanged={(account) => update(() => account)} />
      )}
      {stepUp.dialog}
    </section>
  );
}

interface SubSettingBodyProps {
  account: SubAccount;
  run: ReturnType<typeof useStepUp>['run'];
  onChanged: (account: SubAccount) => void;
}

function SubSettingBody({ account, run, onChanged }: SubSettingBodyProps) {
  const t = useT();
  return (
    <>
      <section className="subs__card subs__state" aria-labelledby="sub-state-title">
        <h2 id="sub-state-title" className="subs__subtitle">
          {t('subaccounts.stateTitle')}
        </h2>
        <p data-testid="sub-state">{t(account.isFrozen ? 'subaccounts.stateFrozen' : 'subaccounts.stateActive')}</p>
        <div className="subs__actions">
          <SubFreezeButton account={account} run={run} onChanged={onChanged} />
          <Link className="subs__link" to="/subaccount/setting/antiphishing" search={{ userId: account.userId }}>
            {t('subaccounts.antiPhishing')}
          </Link>
        </div>
      </section>
      <SubKeysPanel account={account} run={run} />
    </>
  );
}
