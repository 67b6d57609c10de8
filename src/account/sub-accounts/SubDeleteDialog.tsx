import { useState } from 'react';
import { StepUpCancelled } from '../../auth/step-up';
import type { RunWithStepUp } from '../api-keys/ApiKeyRow';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { deleteSubAccount, type SubAccount, subFailureText } from './sub-accounts-api';

export interface SubDeleteDialogProps {
  account: SubAccount;
  run: RunWithStepUp;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Asks before deleting a sub-account, then deletes it after a step-up for `sub-delete`. The gateway deletes only an
 * empty one: a refusal (balances, orders or positions left) shows in the dialog, saying what to do.
 */
export function SubDeleteDialog({ account, run, onClose, onDeleted }: SubDeleteDialogProps) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      await run('sub-delete', () => deleteSubAccount(account.userId));
      onDeleted();
    } catch (failure) {
      if (!(failure instanceof StepUpCancelled)) setError(subFailureText(t, failure));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('subaccounts.deleteTitle', { name: account.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t('subaccounts.cancel')}
          </Button>
          <Button variant="danger" loading={isBusy} onClick={confirm}>
            {t('subaccounts.delete')}
          </Button>
        </>
      }
    >
      <p>{t('subaccounts.deleteText')}</p>
      {error && (
        <p className="subs__error" role="alert" data-testid="sub-delete-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
