import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { switchAccount } from '../../auth/sub-accounts';
import type { RunWithStepUp } from '../api-keys/ApiKeyRow';
import { i18nState, useT } from '../../i18n/i18n';
import { localeEntryOf } from '../../../engine/rules/locales';
import { useMaskedAmount } from '../../settings/asset-display';
import { Button } from '../../ui/Button';
import type { SubAccount } from './sub-accounts-api';
import { usdtText } from './sub-format';
import { SubDeleteDialog } from './SubDeleteDialog';
import { SubFreezeButton } from './SubFreezeButton';
import { SubRenameForm } from './SubRenameForm';
import { SubTransferDialog } from './SubTransferDialog';

export interface SubAccountCardProps {
  account: SubAccount;
  run: RunWithStepUp;
  onChanged: (account: SubAccount) => void;
  /** Balances or the list changed: read it again. */
  onReload: () => void;
}

/** One sub-account: name, state and balances, with rename, transfer, freeze, delete, settings and switch. */
export function SubAccountCard({ account, run, onChanged, onReload }: SubAccountCardProps) {
  const t = useT();
  const navigate = useNavigate();
  const { locale } = useSnapshot(i18nState);
  const intl = localeEntryOf(locale).intl;
  const masked = useMaskedAmount();
  const [open, setOpen] = useState<'rename' | 'transfer' | 'delete' | null>(null);
  const [isSwitching, setSwitching] = useState(false);
  const figures = [
    ['spot', t('subaccounts.spot'), account.spotUsdt],
    ['futures', t('subaccounts.futures'), account.futuresUsdt],
    ['total', t('subaccounts.total'), account.totalUsdt],
  ] as const;

  const switchTo = async () => {
    if (isSwitching) return;
    setSwitching(true);
    try {
      // The web page's switch (switchWeb), or switchApp inside the native app: switchAccount picks it.
      await switchAccount({ userId: account.userId, isDemo: false, isMain: false });
      await navigate({ to: '/asset' });
    } catch {
      // The request layer has shown the localized reason.
      setSwitching(false);
    }
  };

  return (
    <li className="subs__card" data-testid="sub-account" data-sub-id={account.userId}>
      <div className="subs__head">
        {open === 'rename' ? (
          <SubRenameForm
            account={account}
            onCancel={() => setOpen(null)}
            onRenamed={(renamed) => {
              setOpen(null);
              onChanged(renamed);
            }}
          />
        ) : (
          <h3 className="subs__name" data-testid="sub-name">
            {account.name}
          </h3>
        )}
        {account.isFrozen && (
          <span className="subs__badge" data-testid="sub-frozen">
            {t('subaccounts.frozen')}
          </span>
        )}
      </div>
      <dl className="subs__figures">
        {figures.map(([key, label, value]) => (
          <div key={key} data-figure={key}>
            <dt>{label}</dt>
            <dd dir="ltr">{masked(`${usdtText(value, intl)} USDT`)}</dd>
          </div>
        ))}
      </dl>
      <p className="subs__meta">{t('subaccounts.keyCount', { count: account.keyCount })}</p>
      <div className="subs__actions">
        <Button size="sm" variant="primary" onClick={() => setOpen('transfer')}>
          {t('subaccounts.transfer')}
        </Button>
        {open !== 'rename' && (
          <Button size="sm" variant="secondary" onClick={() => setOpen('rename')}>
            {t('subaccounts.rename')}
          </Button>
        )}
        <SubFreezeButton account={account} run={run} onChanged={onChanged} />
        {/* Freezing can be undone, deleting cannot: only Delete is red. */}
        <Button size="sm" variant="danger" onClick={() => setOpen('delete')}>
          {t('subaccounts.delete')}
        </Button>
        <Link className="subs__link" to="/subaccount/setting" search={{ userId: account.userId }}>
          {t('subaccounts.settings')}
        </Link>
        <Button size="sm" variant="plain" loading={isSwitching} disabled={account.isFrozen} onClick={switchTo}>
          {t('subaccounts.switchTo')}
        </Button>
      </div>
      {open === 'transfer' && <SubTransferDialog account={account} onClose={() => setOpen(null)} onMoved={onReload} />}
      {open === 'delete' && (
        <SubDeleteDialog account={account} run={run} onClose={() => setOpen(null)} onDeleted={onReload} />
      )}
    </li>
  );
}
