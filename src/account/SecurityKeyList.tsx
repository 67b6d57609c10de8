import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { localeEntryOf } from '../../engine/rules/locales';
import { RequestError } from '../api/request';
import { removeSecurityKey, type SecurityKeyInfo } from '../auth/security-key';
import { StepUpCancelled } from '../auth/step-up';
import { i18nState, useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { showToast } from '../ui/toast/toast-state';
import { useStepUp } from '../auth/use-step-up';

export interface SecurityKeyListProps {
  keys: readonly SecurityKeyInfo[];
  /** Called after a key was removed, to reload the list. */
  onRemoved(): Promise<void>;
}

/** The user's security keys, each with when it was added and last used, and a remove button (after a step-up). */
export function SecurityKeyList({ keys, onRemoved }: SecurityKeyListProps) {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const [removing, setRemoving] = useState<string | null>(null);
  const stepUp = useStepUp();
  const format = new Intl.DateTimeFormat(localeEntryOf(locale).intl, { dateStyle: 'medium', timeStyle: 'short' });

  const remove = async (id: string) => {
    if (removing) return;
    setRemoving(id);
    try {
      await stepUp.run('fido-remove', () => removeSecurityKey(id));
      showToast({ type: 'success', message: t('security.removed') });
      await onRemoved();
    } catch (error) {
      if (error instanceof StepUpCancelled) return;
      showToast({
        type: 'error',
        message: error instanceof RequestError && error.message ? error.message : t('error.unknow'),
      });
    } finally {
      setRemoving(null);
    }
  };

  if (keys.length === 0) return <p data-testid="security-keys-empty">{t('security.empty')}</p>;
  return (
    <>
      <ul className="security-keys__list" aria-label={t('security.title')}>
        {keys.map((key) => {
          const name = key.nickname || t('security.unnamed');
          return (
            <li key={key.id} className="security-keys__item" data-testid="security-key">
              <div>
                <strong>{name}</strong>
                <p className="security-keys__meta">
                  {t('security.addedOn', { date: format.format(key.createdAt) })}
                  {key.lastUsedAt !== null && ` · ${t('security.lastUsed', { date: format.format(key.lastUsedAt) })}`}
                </p>
              </div>
              <Button
                size="sm"
                variant="danger"
                loading={removing === key.id}
                aria-label={t('security.removeNamed', { name })}
                onClick={() => void remove(key.id)}
              >
                {t('security.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
      {stepUp.dialog}
    </>
  );
}
