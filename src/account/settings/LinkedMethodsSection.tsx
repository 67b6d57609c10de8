import { useEffect, useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { localeEntryOf } from '../../../engine/rules/locales';
import { PROVIDER_TEXT, type ThirdProvider } from '../../auth/third/third-api';
import { i18nState, useT } from '../../i18n/i18n';
import { api } from '../../security/secured-api';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast/toast-state';
import { attempt, type RunWithStepUp } from './run-change';

/** A sign-in method linked to the account (spec §7.4), as `GET /v1/user/security/third/list` answers it. */
interface LinkedMethod {
  provider: ThirdProvider;
  label: string;
  linkedAt: number;
}

export interface LinkedMethodsSectionProps {
  run: RunWithStepUp;
}

/** The Telegram, wallet, Apple and Google accounts linked for sign-in, each unlinked after a step-up. */
export function LinkedMethodsSection({ run }: LinkedMethodsSectionProps) {
  const t = useT();
  const titleId = useId();
  const [methods, setMethods] = useState<LinkedMethod[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<ThirdProvider | null>(null);
  const { locale } = useSnapshot(i18nState);
  const dates = useMemo(() => new Intl.DateTimeFormat(localeEntryOf(locale).intl, { dateStyle: 'medium' }), [locale]);
  const load = async () => {
    try {
      setMethods(await api.get<LinkedMethod[]>('/user/security/third/list', { silent: true }));
    } catch {
      setMethods([]);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when the section opens; `load` reloads after a change
  useEffect(() => {
    void load();
  }, []);

  const unlink = async (method: LinkedMethod) => {
    setBusy(method.provider);
    const outcome = await attempt(t, () =>
      run('third-unlink', () => api.post('/user/security/third/unbind', { params: { provider: method.provider } })),
    );
    setBusy(null);
    setProblem(outcome || null);
    if (outcome !== null) return;
    showToast({
      type: 'success',
      message: t('third.linked.unlinked', { provider: t(PROVIDER_TEXT[method.provider]) }),
    });
    await load();
  };

  return (
    <section className="account-settings__card" aria-labelledby={titleId} data-testid="settings-linked-methods">
      <h2 id={titleId}>{t('third.linked.title')}</h2>
      <p className="account-settings__hint">{t('third.linked.intro')}</p>
      {methods !== null && methods.length === 0 && <p className="account-settings__value">{t('third.linked.none')}</p>}
      {methods?.map((method) => (
        <div key={method.provider} className="account-settings__row">
          <div>
            <p className="account-settings__value">
              {t(PROVIDER_TEXT[method.provider])} · <bdi>{method.label}</bdi>
            </p>
            <p className="account-settings__hint">{t('third.linked.since', { date: dates.format(method.linkedAt) })}</p>
          </div>
          <Button loading={busy === method.provider} onClick={() => void unlink(method)}>
            {t('third.linked.unlink', { provider: t(PROVIDER_TEXT[method.provider]) })}
          </Button>
        </div>
      ))}
      {problem && (
        <p role="alert" className="account-settings__error">
          {problem}
        </p>
      )}
    </section>
  );
}
