import { useState } from 'react';
import { StepUpCancelled, type StepUpPurpose, type StepUpSummaryLine } from '../../auth/step-up';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { showToast } from '../../ui/toast';
import { ApiKeyForm } from './ApiKeyForm';
import {
  type ApiKeyFields,
  type ApiKeyInfo,
  apiKeyFailureText,
  deleteApiKey,
  disableApiKey,
  enableApiKey,
  updateApiKey,
} from './api-keys-api';
import { PERMISSION_TEXTS } from './permission-texts';

/** Runs a change, with the step-up dialog (listing `summary`) when the gateway asks for one (useStepUp's `run`). */
export type RunWithStepUp = <T>(
  purpose: StepUpPurpose,
  change: () => Promise<T>,
  summary?: readonly StepUpSummaryLine[],
) => Promise<T>;

export interface ApiKeyRowProps {
  apiKey: ApiKeyInfo;
  formatDate(time: number): string;
  run: RunWithStepUp;
  /** A change answered with the key's new view. */
  onChanged(key: ApiKeyInfo): void;
  /** The key was deleted: read the list again. */
  onDeleted(): Promise<void>;
}

/** The changes of a key's label, permissions and allow-list that differ from what it has. */
function changesOf(key: ApiKeyInfo, fields: ApiKeyFields): Partial<ApiKeyFields> {
  const change: Partial<ApiKeyFields> = {};
  if (fields.label !== key.label) change.label = fields.label;
  if (fields.permissions.join() !== key.permissions.join()) change.permissions = fields.permissions;
  if (fields.ips.join() !== key.ips.join()) change.ips = fields.ips;
  return change;
}

/** One API key: its label, id, permissions, allow-list, dates and state, with edit, disable/enable and delete. */
export function ApiKeyRow({ apiKey: key, formatDate, run, onChanged, onDeleted }: ApiKeyRowProps) {
  const t = useT();
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'toggle' | 'delete' | null>(null);
  const isEnabled = key.status === 'enabled';

  /** Runs a change from a button; a failure is toasted in the user's language, a closed step-up says nothing. */
  const act = async (kind: 'toggle' | 'delete', change: () => Promise<void>) => {
    if (busy) return;
    setBusy(kind);
    try {
      await change();
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) showToast({ type: 'error', message: apiKeyFailureText(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const toggle = () =>
    act('toggle', async () => {
      onChanged(
        isEnabled ? await disableApiKey(key.apiKey) : await run('api-key-edit', () => enableApiKey(key.apiKey)),
      );
    });

  const remove = () => {
    setConfirming(false);
    return act('delete', async () => {
      await run('api-key-delete', () => deleteApiKey(key.apiKey));
      showToast({ type: 'success', message: t('apiKeys.deleted') });
      await onDeleted();
    });
  };

  const save = async (fields: ApiKeyFields): Promise<string | null> => {
    const change = changesOf(key, fields);
    if (Object.keys(change).length === 0) {
      setEditing(false);
      return null;
    }
    try {
      onChanged(await run('api-key-edit', () => updateApiKey(key.apiKey, change)));
      setEditing(false);
      showToast({ type: 'success', message: t('apiKeys.saved') });
      return null;
    } catch (error) {
      return error instanceof StepUpCancelled ? null : apiKeyFailureText(t, error);
    }
  };

  return (
    <li className="api-keys__item" data-testid="api-key" data-status={key.status}>
      <div className="api-keys__head">
        <strong className="api-keys__label">{key.label}</strong>
        <span className={`api-keys__status api-keys__status--${key.status}`}>
          {t(isEnabled ? 'apiKeys.enabled' : 'apiKeys.disabled')}
        </span>
      </div>
      <dl className="api-keys__facts">
        <dt>{t('apiKeys.keyId')}</dt>
        <dd>
          <code className="api-keys__mono" dir="ltr" data-testid="api-key-id">
            {key.apiKey}
          </code>
        </dd>
        <dt>{t('apiKeys.permissions')}</dt>
        <dd>{key.permissions.map((permission) => t(PERMISSION_TEXTS[permission])).join(' · ')}</dd>
        <dt>{t('apiKeys.ipList')}</dt>
        <dd>
          {key.ips.length === 0 ? (
            t('apiKeys.anyIp')
          ) : (
            <span className="api-keys__mono" dir="ltr">
              {key.ips.join(', ')}
            </span>
          )}
        </dd>
      </dl>
      <p className="api-keys__meta">
        {t('apiKeys.createdOn', { date: formatDate(key.createdAt) })} ·{' '}
        {key.lastUsedAt === null ? t('apiKeys.neverUsed') : t('apiKeys.lastUsed', { date: formatDate(key.lastUsedAt) })}
      </p>
      {isEditing ? (
        <ApiKeyForm
          initial={key}
          isNew={false}
          submitLabel={t('apiKeys.save')}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="api-keys__actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('apiKeys.editNamed', { label: key.label })}
            onClick={() => setEditing(true)}
          >
            {t('apiKeys.edit')}
          </Button>
          <Button size="sm" variant="secondary" loading={busy === 'toggle'} onClick={() => void toggle()}>
            {t(isEnabled ? 'apiKeys.disable' : 'apiKeys.enable')}
          </Button>
          <Button size="sm" variant="danger" loading={busy === 'delete'} onClick={() => setConfirming(true)}>
            {t('apiKeys.delete')}
          </Button>
        </div>
      )}
      <Dialog
        open={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('apiKeys.delete')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('apiKeys.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              {t('apiKeys.delete')}
            </Button>
          </>
        }
      >
        <p>{t('apiKeys.deleteConfirm', { label: key.label })}</p>
      </Dialog>
    </li>
  );
}
