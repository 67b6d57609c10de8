import { SignInPrompt } from '../../api/SignInPrompt';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { localeEntryOf } from '../../../engine/rules/locales';
import { StepUpCancelled } from '../../auth/step-up';
import { useStepUp } from '../../auth/use-step-up';
import { i18nState, useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { ApiKeyForm } from './ApiKeyForm';
import { ApiKeyRow } from './ApiKeyRow';
import { apiKeySummary } from './api-key-summary';
import { type ApiKeyFields, apiKeyFailureText, type CreatedApiKey, createApiKey, MAX_API_KEYS } from './api-keys-api';
import { SecretDialog } from './SecretDialog';
import { useApiKeys } from './use-api-keys';
import './api-keys.css';

const NEW_KEY = { label: '', permissions: ['read'], ips: [] } as const;

/** `/account/newapi`: the signed-in account's API keys (list, create with its one-time secret, edit, disable, delete). */
export function ApiKeysPage() {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const { state, refresh, replace } = useApiKeys();
  const reload = async () => {
    await refresh();
  };
  // A list that failed to load shows its failure above an empty list: a key can still be created.
  const keys = state.status === 'ready' ? state.data : [];
  const failure = state.status === 'ready' || state.status === 'failed' ? state.error : null;
  const stepUp = useStepUp();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const format = useMemo(
    () => new Intl.DateTimeFormat(localeEntryOf(locale).intl, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );

  const create = async (fields: ApiKeyFields, passphrase: string): Promise<string | null> => {
    try {
      setCreated(await stepUp.run('api-key-create', () => createApiKey(fields, passphrase), apiKeySummary(t, fields)));
      void reload();
      return null;
    } catch (error) {
      // A closed step-up is the user's own choice: nothing to show, and what was typed stays.
      return error instanceof StepUpCancelled ? '' : apiKeyFailureText(t, error);
    }
  };

  return (
    <section className="api-keys" aria-labelledby="api-keys-title">
      <h1 id="api-keys-title">{t('apiKeys.title')}</h1>
      {state.status === 'loading' && <StateView state="loading" />}
      {state.status === 'signedOut' && <SignInPrompt message={t('apiKeys.signInFirst')} testId="api-keys-signed-out" />}
      {(state.status === 'ready' || state.status === 'failed') && (
        <>
          <p className="api-keys__intro">{t('apiKeys.intro')}</p>
          {failure !== null && (
            <StateView state="error" message={apiKeyFailureText(t, failure)} onRetry={() => void reload()} />
          )}
          <div className="api-keys__layout">
            <div className="api-keys__column">
              <h2 className="api-keys__subtitle">{t('apiKeys.count', { count: keys.length, max: MAX_API_KEYS })}</h2>
              {keys.length === 0 && failure === null && <p data-testid="api-keys-empty">{t('apiKeys.empty')}</p>}
              <ul
                className="api-keys__list"
                aria-label={t('apiKeys.title')}
                aria-busy={state.status === 'ready' && state.refreshing}
              >
                {keys.map((key) => (
                  <ApiKeyRow
                    key={key.apiKey}
                    apiKey={key}
                    formatDate={(time) => format.format(time)}
                    run={stepUp.run}
                    onChanged={replace}
                    onDeleted={reload}
                  />
                ))}
              </ul>
            </div>
            <div className="api-keys__column api-keys__create">
              <h2 className="api-keys__subtitle">{t('apiKeys.create')}</h2>
              <ApiKeyForm initial={NEW_KEY} isNew submitLabel={t('apiKeys.create')} onSubmit={create} />
            </div>
          </div>
        </>
      )}
      {/* Outside the forms: React events bubble through portals, and the dialog's own submit must not reach them. */}
      {stepUp.dialog}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
    </section>
  );
}
