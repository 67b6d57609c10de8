import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { StepUpCancelled } from '../../auth/step-up';
import { useStepUp } from '../../auth/use-step-up';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { StateView } from '../../ui/StateView';
import { showToast } from '../../ui/toast';
import { readSubAccount, readSubAntiPhishing, subFailureText, writeSubAntiPhishing } from './sub-accounts-api';
import { SubLoadState } from './SubLoadState';
import { fresh, useRead } from '../../api/use-read';
import './sub-accounts.css';

/** 4–20 letters or digits, as the gateway's anti-phishing store takes it. */
const CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/;

export interface SubAntiPhishingPageProps {
  userId: string | null;
}

/** `/subaccount/setting/antiphishing?userId=`: the sub-account's anti-phishing code, set or removed after a step-up. */
export function SubAntiPhishingPage({ userId }: SubAntiPhishingPageProps) {
  const t = useT();
  const stepUp = useStepUp();
  const {
    state: view,
    refresh: reload,
    update,
  } = useRead(
    fresh(async () => {
      if (userId === null) throw new Error('no sub-account');
      const [account, code] = await Promise.all([readSubAccount(userId), readSubAntiPhishing(userId)]);
      return { name: account.name, code };
    }),
    { key: userId ?? '' },
  );
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);

  if (userId === null)
    return (
      <section className="subs">
        <h1>{t('subaccounts.antiPhishing')}</h1>
        <StateView state="empty" message={t('subaccounts.pickOne')} />
        <Link to="/account/sub-account">{t('subaccounts.backToList')}</Link>
      </section>
    );

  const change = async (code: string | null) => {
    if (busy || view.status !== 'ready') return;
    setBusy(code === null ? 'remove' : 'save');
    setError(null);
    try {
      await stepUp.run('anti-phishing', () => writeSubAntiPhishing(userId, code));
      update((data) => ({ ...data, code }));
      setTyped('');
      showToast({ type: 'success', message: t(code === null ? 'subaccounts.codeRemoved' : 'subaccounts.codeSaved') });
    } catch (failure) {
      if (!(failure instanceof StepUpCancelled)) setError(subFailureText(t, failure));
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim();
    if (!CODE_PATTERN.test(code)) return setError(t('subaccounts.codeRule'));
    void change(code);
  };

  return (
    <section className="subs" aria-labelledby="sub-ap-title">
      <Link className="subs__back" to="/subaccount/setting" search={{ userId }}>
        {t('subaccounts.backToSetting')}
      </Link>
      <h1 id="sub-ap-title">
        {view.status === 'ready'
          ? t('subaccounts.antiPhishingOf', { name: view.data.name })
          : t('subaccounts.antiPhishing')}
      </h1>
      <SubLoadState view={view} onRetry={() => void reload()} />
      {view.status === 'ready' && (
        <>
          <p className="subs__intro">{t('subaccounts.antiPhishingIntro')}</p>
          <p data-testid="sub-ap-current">
            {view.data.code === null
              ? t('subaccounts.codeNone')
              : t('subaccounts.codeCurrent', { code: view.data.code })}
          </p>
          <form className="subs__create" onSubmit={submit} noValidate>
            <Field
              label={t('subaccounts.newCode')}
              hint={t('subaccounts.codeRule')}
              error={error}
              value={typed}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              onChange={(event) => setTyped(event.target.value)}
            />
            <div className="subs__actions">
              <Button type="submit" variant="primary" loading={busy === 'save'}>
                {t('subaccounts.save')}
              </Button>
              {view.data.code !== null && (
                <Button variant="secondary" loading={busy === 'remove'} onClick={() => void change(null)}>
                  {t('subaccounts.removeCode')}
                </Button>
              )}
            </div>
          </form>
        </>
      )}
      {stepUp.dialog}
    </section>
  );
}
