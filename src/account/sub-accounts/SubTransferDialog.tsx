import { type FormEvent, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { numericValue, sanitizeNumericInput } from '../../../engine/rules/numeric-input';
import { useT } from '../../i18n/i18n';
import { authState } from '../../session/auth-state';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast';
import { type SubAccount, subFailureText, type TransferAccount, transferWithSub } from './sub-accounts-api';

const ACCOUNTS: readonly TransferAccount[] = ['spot', 'futures'];
/** USDT moves in at most 4 decimals (its places). */
const USDT_DECIMALS = 4;

export interface SubTransferDialogProps {
  account: SubAccount;
  onClose: () => void;
  onMoved: () => void;
}

/**
 * Moves USDT between the main account and one sub-account, either way, in the asset ledger (`/v1/asset/sub-transfer`
 * asked by the main account). A refusal shows in the dialog and what was typed stays.
 */
export function SubTransferDialog({ account, onClose, onMoved }: SubTransferDialogProps) {
  const t = useT();
  const id = useId();
  const { user } = useSnapshot(authState);
  const [isToSub, setToSub] = useState(true);
  const [from, setFrom] = useState<TransferAccount>('spot');
  const [to, setTo] = useState<TransferAccount>('spot');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const accountText = (which: TransferAccount) => t(which === 'spot' ? 'subaccounts.spot' : 'subaccounts.futures');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending || !user) return;
    const value = numericValue(amount);
    if (value === null || !/[1-9]/.test(value)) return setError(t('subaccounts.amountRule'));
    setSending(true);
    setError(null);
    try {
      const [fromUserId, toUserId] = isToSub ? [user.userId, account.userId] : [account.userId, user.userId];
      await transferWithSub({ fromUserId, toUserId, from, to, amount: value });
      showToast({
        type: 'success',
        message: t(isToSub ? 'subaccounts.movedToSub' : 'subaccounts.movedToMain', {
          amount: value,
          name: account.name,
        }),
      });
      onMoved();
      onClose();
    } catch (failure) {
      setError(subFailureText(t, failure));
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('subaccounts.transferTitle', { name: account.name })} size="sm">
      <form className="subs__transfer" onSubmit={submit} noValidate>
        <fieldset className="subs__direction">
          <legend>{t('subaccounts.direction')}</legend>
          <label>
            <input type="radio" name={`${id}-dir`} checked={isToSub} onChange={() => setToSub(true)} />
            {t('subaccounts.toSub', { name: account.name })}
          </label>
          <label>
            <input type="radio" name={`${id}-dir`} checked={!isToSub} onChange={() => setToSub(false)} />
            {t('subaccounts.toMain')}
          </label>
        </fieldset>
        <div className="subs__selects">
          <label className="subs__select">
            <span>{t('subaccounts.fromAccount')}</span>
            <select value={from} onChange={(event) => setFrom(event.target.value as TransferAccount)}>
              {ACCOUNTS.map((which) => (
                <option key={which} value={which}>
                  {accountText(which)}
                </option>
              ))}
            </select>
          </label>
          <label className="subs__select">
            <span>{t('subaccounts.toAccount')}</span>
            <select value={to} onChange={(event) => setTo(event.target.value as TransferAccount)}>
              {ACCOUNTS.map((which) => (
                <option key={which} value={which}>
                  {accountText(which)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Field
          label={t('subaccounts.amount')}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={amount}
          error={error}
          end={<span>USDT</span>}
          onChange={(event) => setAmount(sanitizeNumericInput(event.target.value, USDT_DECIMALS))}
        />
        <div className="subs__actions">
          <Button type="submit" variant="primary" loading={isSending}>
            {t('subaccounts.transfer')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('subaccounts.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
