import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { localeEntryOf } from '../../../engine/rules/locales';
import { StepUpCancelled } from '../../auth/step-up';
import { ApiKeyForm } from '../api-keys/ApiKeyForm';
import type { RunWithStepUp } from '../api-keys/ApiKeyRow';
import { apiKeySummary } from '../api-keys/api-key-summary';
import { PERMISSION_TEXTS } from '../api-keys/permission-texts';
import { SecretDialog } from '../api-keys/SecretDialog';
import { i18nState, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { StateView } from '../../ui/StateView';
import { showToast } from '../../ui/toast';
import {
  type CreatedSubApiKey,
  createSubKey,
  deleteSubKey,
  listSubKeys,
  type SubAccount,
  type SubApiKey,
  subFailureText,
} from './sub-accounts-api';
import { fresh, useRead } from '../../api/use-read';
import '../api-keys/api-keys.css';

const NEW_KEY = { label: '', permissions: ['read'], ips: [] } as const;

export interface SubKeysPanelProps {
  account: SubAccount;
  run: RunWithStepUp;
}

/**
 * The API keys of one sub-account, made by its main account: each acts as the sub-account alone, with the permissions
 * chosen here. Create shows the secret once; create and delete ask for a fresh second factor.
 */
export function SubKeysPanel({ account, run }: SubKeysPanelProps) {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const { state: view, refresh: reload } = useRead(
    fresh(() => listSubKeys(account.userId)),
    { key: account.userId },
  );
  const [created, setCreated] = useState<CreatedSubApiKey | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const format = useMemo(
    () => new Intl.DateTimeFormat(localeEntryOf(locale).intl, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );

  const create = async (fields: Parameters<typeof createSubKey>[1], passphrase: string): Promise<string | null> => {
    try {
      setCreated(
        await run('api-key-create', () => createSubKey(account.userId, fields, passphrase), apiKeySummary(t, fields)),
      );
      void reload();
      return null;
    } catch (error) {
      return error instanceof StepUpCancelled ? '' : subFailureText(t, error);
    }
  };

  const remove = async (key: SubApiKey) => {
    if (deleting) return;
    setDeleting(key.apiKey);
    try {
      await run('api-key-delete', () => deleteSubKey(account.userId, key.apiKey));
      showToast({ type: 'success', message: t('subaccounts.keyDeleted', { label: key.label }) });
      await reload();
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) showToast({ type: 'error', message: subFailureText(t, error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="subs__keys" aria-labelledby="sub-keys-title">
      <h2 id="sub-keys-title" className="subs__subtitle">
        {t('subaccounts.keysTitle')}
      </h2>
      <p className="subs__intro">{t('subaccounts.keysIntro')}</p>
      {view.status === 'loading' && <StateView state="loading" />}
      {view.status === 'failed' && (
        <StateView
          state={view.offline ? 'offline' : 'error'}
          message={view.offline ? undefined : subFailureText(t, view.error)}
          onRetry={() => void reload()}
        />
      )}
      {view.status === 'ready' && (
        <div className="api-keys__layout">
          <div className="api-keys__column">
            {view.data.length === 0 && <p data-testid="sub-keys-empty">{t('subaccounts.keysEmpty')}</p>}
            <ul className="api-keys__list" aria-label={t('subaccounts.keysTitle')} aria-busy={view.refreshing}>
              {view.data.map((key) => (
                <li key={key.apiKey} className="api-keys__item" data-testid="sub-api-key">
                  <div className="api-keys__head">
                    <strong className="api-keys__label">{key.label}</strong>
                  </div>
                  <dl className="api-keys__facts">
                    <dt>{t('apiKeys.keyId')}</dt>
                    <dd>
                      <code className="api-keys__mono" dir="ltr">
                        {key.apiKey}
                      </code>
                    </dd>
                    <dt>{t('apiKeys.permissions')}</dt>
                    <dd data-testid="sub-key-permissions">
                      {key.permissions.map((permission) => t(PERMISSION_TEXTS[permission])).join(' · ')}
                    </dd>
                  </dl>
                  <p className="api-keys__meta">{t('apiKeys.createdOn', { date: format.format(key.createdAt) })}</p>
                  <Button
                    size="sm"
                    variant="danger"
                    loading={deleting === key.apiKey}
                    aria-label={t('subaccounts.deleteKeyNamed', { label: key.label })}
                    onClick={() => void remove(key)}
                  >
                    {t('subaccounts.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          <div className="api-keys__column api-keys__create">
            <h3 className="api-keys__subtitle">{t('subaccounts.createKey')}</h3>
            {account.isFrozen ? (
              <p>{t('subaccounts.frozenNoKeys')}</p>
            ) : (
              <ApiKeyForm initial={NEW_KEY} isNew submitLabel={t('subaccounts.createKey')} onSubmit={create} />
            )}
          </div>
        </div>
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
    </section>
  );
}
