import { useStepUp } from '../../auth/use-step-up';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { listSubAccounts, type SubAccount, subFailureText } from './sub-accounts-api';
import { SubAccountCard } from './SubAccountCard';
import { SubCreateForm } from './SubCreateForm';
import { SubLoadState } from './SubLoadState';
import { fresh, useRead } from '../../api/use-read';
import './sub-accounts.css';

/** `/account/sub-account`: the main account's sub-accounts with their balances; create, rename, transfer, freeze, delete, switch. */
export function SubAccountsPage() {
  const t = useT();
  const { state: view, refresh: reload, update } = useRead(fresh(listSubAccounts), { key: 'list' });
  const stepUp = useStepUp();

  const onChanged = (changed: SubAccount) => {
    update((accounts) => accounts.map((account) => (account.userId === changed.userId ? changed : account)));
  };

  return (
    <section className="subs" aria-labelledby="subs-title">
      <h1 id="subs-title">{t('subaccounts.title')}</h1>
      <SubLoadState view={view} onRetry={() => void reload()} />
      {view.status === 'ready' && (
        <>
          <p className="subs__intro">{t('subaccounts.intro')}</p>
          <SubCreateForm className="subs__create" run={stepUp.run} onCreated={() => void reload()} />
          {view.error !== null && (
            <StateView state="error" message={subFailureText(t, view.error)} onRetry={() => void reload()} />
          )}
          <h2 className="subs__subtitle">{t('subaccounts.count', { count: view.data.length })}</h2>
          {view.data.length === 0 && view.error === null && (
            <StateView state="empty" message={t('subaccounts.empty')} />
          )}
          <ul className="subs__list" aria-label={t('subaccounts.title')} aria-busy={view.refreshing}>
            {view.data.map((account) => (
              <SubAccountCard
                key={account.userId}
                account={account}
                run={stepUp.run}
                onChanged={onChanged}
                onReload={() => void reload()}
              />
            ))}
          </ul>
        </>
      )}
      {/* Outside the forms: React events bubble through portals, and the dialog's own submit must not reach them. */}
      {stepUp.dialog}
    </section>
  );
}
