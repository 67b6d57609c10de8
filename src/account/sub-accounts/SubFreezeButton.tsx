import { useState } from 'react';
import { StepUpCancelled } from '../../auth/step-up';
import type { RunWithStepUp } from '../api-keys/ApiKeyRow';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast';
import { type SubAccount, setSubFrozen, subFailureText } from './sub-accounts-api';

export interface SubFreezeButtonProps {
  account: SubAccount;
  run: RunWithStepUp;
  onChanged: (account: SubAccount) => void;
}

/**
 * Freezes a sub-account (its sessions end, its API keys stop, nobody can switch to it) or unfreezes it, each after a
 * step-up for `sub-freeze`; a failure is toasted in the user's language.
 */
export function SubFreezeButton({ account, run, onChanged }: SubFreezeButtonProps) {
  const t = useT();
  const [isBusy, setBusy] = useState(false);
  const toggle = async () => {
    if (isBusy) return;
    setBusy(true);
    const isFrozen = !account.isFrozen;
    try {
      await run('sub-freeze', () => setSubFrozen(account.userId, isFrozen));
      onChanged({ ...account, isFrozen });
      showToast({
        type: 'success',
        message: t(isFrozen ? 'subaccounts.frozenDone' : 'subaccounts.unfrozenDone', { name: account.name }),
      });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) showToast({ type: 'error', message: subFailureText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={isBusy} onClick={toggle}>
      {t(account.isFrozen ? 'subaccounts.unfreeze' : 'subaccounts.freeze')}
    </Button>
  );
}
