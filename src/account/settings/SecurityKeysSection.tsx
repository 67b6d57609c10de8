import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { AddSecurityKey } from '../AddSecurityKey';
import { SecurityKeyList } from '../SecurityKeyList';
import { loadSecurityPage, type SecurityPageData } from '../security-page';
import '../security-keys.css';

export interface SecurityKeysSectionProps {
  /** Keys change what the rest of the page shows (the sign-in verification choices). */
  onChanged(): Promise<void>;
}

/** The security keys (the former `/account/security` page): list, add, remove, and the way to the API keys. */
export function SecurityKeysSection({ onChanged }: SecurityKeysSectionProps) {
  const t = useT();
  const titleId = useId();
  const [data, setData] = useState<SecurityPageData | null>(null);
  const reload = useCallback(async () => {
    setData(await loadSecurityPage());
  }, []);
  const changed = async () => {
    await reload();
    await onChanged();
  };

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <section className="account-settings__card security-keys" aria-labelledby={titleId} data-testid="settings-keys">
      <h2 id={titleId}>{t('security.title')}</h2>
      {data === null && <StateView state="loading" />}
      {data?.state === 'failed' && (
        <StateView state="error" message={data.message || undefined} onRetry={() => void reload()} />
      )}
      {data?.state === 'ready' && (
        <>
          <p>{t('security.intro')}</p>
          <SecurityKeyList keys={data.list.credentials} onRemoved={changed} />
          <AddSecurityKey onAdded={changed} />
        </>
      )}
      {/* The account's other keys: those its scripts and bots sign the API with. */}
      <p>
        <Link to="/account/newapi" data-testid="api-keys-link">
          {t('apiKeys.title')}
        </Link>
      </p>
    </section>
  );
}
