import { type FormEvent, useRef, useState } from 'react';
import { compareDecimalText } from '../../../engine/rules/market-sort';
import { isZeroDecimal, numericValue } from '../../../engine/rules/numeric-input';
import { withdrawFigures, withdrawMax } from '../../../engine/rules/withdraw-figures';
import { RequestError } from '../../api/request';
import { useRead } from '../../api/use-read';
import { StepUpCancelled } from '../../auth/step-up';
import { useStepUp } from '../../auth/use-step-up';
import { useIntlTag, useT } from '../../i18n/i18n';
import { randomHex } from '../../platform/random-hex';
import { HIDDEN_AMOUNT, useAssetDisplay } from '../../settings/asset-display';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { ASSET_REFRESH_MS } from '../asset-api';
import { coinAmount, coinShownPlaces } from '../asset-format';
import { AddressMemoFields, AmountField } from './FundsFields';
import { FundsHistory } from './FundsHistory';
import {
  type CoinChain,
  loadSavedAddresses,
  loadWithdrawals,
  loadWithdrawInfo,
  type WithdrawRequest,
  withdraw,
} from './funds-api';
import { SavedAddressPicker } from './SavedAddressPicker';
import { exactCoinText, withdrawSummary } from './withdraw-lines';
import './funds.css';

type FieldName = 'address' | 'memo' | 'amount';
type Problems = Partial<Record<FieldName, string>>;
/** The gateway's answer to the last attempt, shown until a field changes: under the amount, or for the whole form. */
type Refusal = { field: 'amount' | 'form'; text: string };
/** Refusals that are about the amount (assets contract, "Withdraw"). */
const AMOUNT_CODES = new Set(['43003', '43004', '43019']);

export interface WithdrawFormProps {
  coin: string;
  network: CoinChain;
  isKept: boolean;
}

/**
 * The withdrawal of one coin on one network: address (typed or saved), memo, amount with the network fee, what leaves
 * the account and what arrives. Problems show once a field was left or a send tried, and follow every change; the
 * step-up lists exactly the request it confirms; a refusal keeps everything typed.
 */
export function WithdrawForm({ coin, network, isKept }: WithdrawFormProps) {
  const t = useT();
  const intl = useIntlTag();
  const { amountsShown } = useAssetDisplay();
  const chain = network.chain;
  const info = useRead(() => loadWithdrawInfo(coin, chain), { key: `${coin}/${chain}`, refreshMs: ASSET_REFRESH_MS });
  const withdrawals = useRead(() => loadWithdrawals(coin), { key: coin, refreshMs: 5_000 });
  const saved = useRead(() => loadSavedAddresses(coin), { key: coin, refreshMs: 10 * 60_000 });
  const stepUp = useStepUp();
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [amount, setAmount] = useState('');
  const [left, setLeft] = useState<ReadonlySet<FieldName>>(new Set());
  const [isTried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  // One id per intended withdrawal: a resend after a lost reply is refused as a duplicate, never paid twice.
  const clientOid = useRef(randomHex(16));
  const available = info.state.status === 'ready' ? info.state.data : null;
  // The gateway charges the network's fee; the figures' copy is the fresher one.
  const fee = available?.fee ?? network.withdrawFee;
  const places = coinShownPlaces(coin);
  const value = numericValue(amount);
  const figures = value !== null && !isZeroDecimal(value) ? withdrawFigures(value, fee) : null;

  const problems: Problems = {};
  if (!new RegExp(network.addressPattern).test(address.trim()))
    problems.address = t('asset.withdraw.errAddress', { network: network.name });
  if (network.memoRequired && memo.trim() === '') problems.memo = t('asset.withdraw.errMemo');
  if (value === null || figures === null) problems.amount = t('asset.transfer.errAmount');
  else if (compareDecimalText(value, network.minWithdraw) < 0)
    problems.amount = t('asset.withdraw.errMin', { amount: network.minWithdraw, coin });
  else if (available && compareDecimalText(figures.total, available.available) > 0)
    problems.amount = t('asset.withdraw.errTooMuch');
  const shown = (field: FieldName) => (isTried || left.has(field) ? problems[field] : undefined);
  const errors = {
    address: shown('address'),
    memo: shown('memo'),
    amount: refusal?.field === 'amount' ? refusal.text : shown('amount'),
  };

  /** An edit: the gateway's last answer was about other values. */
  const edit = (set: (next: string) => void) => (next: string) => {
    set(next);
    setRefusal(null);
  };
  const leave = (field: FieldName) => setLeft((fields) => new Set(fields).add(field));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || Object.keys(problems).length > 0 || value === null || figures === null) return;
    const request: WithdrawRequest = {
      coin,
      chain,
      address: address.trim(),
      ...(network.memoRequired || memo.trim() ? { memo: memo.trim() } : {}),
      amount: value,
      clientOid: clientOid.current,
    };
    setBusy(true);
    setRefusal(null);
    try {
      await stepUp.run('withdraw', () => withdraw(request), withdrawSummary(t, request, network, figures, intl));
      toast.success(t('asset.withdraw.sent'));
      setAmount('');
      setTried(false);
      setLeft(new Set());
      clientOid.current = randomHex(16);
      info.refresh();
      withdrawals.refresh();
    } catch (failure) {
      if (failure instanceof StepUpCancelled) return;
      setRefusal(refusalOf(failure));
      // A reply that never came may hide a withdrawal made: the same id again is refused rather than paid twice.
      if (!(failure instanceof RequestError && (failure.kind === 'network' || failure.kind === 'timeout')))
        clientOid.current = randomHex(16);
    } finally {
      setBusy(false);
    }
  };

  /** What was typed stays; the message says why in the user's language where the code is known. */
  const refusalOf = (failure: unknown): Refusal => {
    const code = failure instanceof RequestError ? failure.details.code : undefined;
    const byCode: Record<string, string> = {
      '43003': t('asset.withdraw.errMin', { amount: network.minWithdraw, coin }),
      '43004': t('asset.withdraw.errTooMuch'),
      '43019': t('asset.withdraw.errLimit'),
    };
    const text =
      (code && byCode[code]) ||
      (failure instanceof RequestError && failure.message ? failure.message : t('asset.withdraw.failed'));
    return { field: code && AMOUNT_CODES.has(code) ? 'amount' : 'form', text };
  };

  return (
    <div className="funds__body">
      <form className="funds__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <SavedAddressPicker
          view={saved.state}
          chain={chain}
          onPick={(entry) => {
            edit(setAddress)(entry.address);
            setMemo(entry.memo ?? '');
          }}
        />
        <AddressMemoFields
          address={address}
          memo={memo}
          memoRequired={network.memoRequired}
          errors={errors}
          onAddress={edit(setAddress)}
          onMemo={edit(setMemo)}
          onBlur={leave}
          testIdPrefix="withdraw"
        />
        <AmountField
          label={t('asset.withdraw.amount')}
          value={amount}
          onChange={edit(setAmount)}
          onBlur={() => leave('amount')}
          error={errors.amount}
          hint={
            available
              ? t('asset.withdraw.available', {
                  amount: amountsShown ? coinAmount(available.available, coin, intl) : HIDDEN_AMOUNT,
                  coin,
                })
              : undefined
          }
          max={available ? withdrawMax(available.available, fee, places) : null}
          decimals={places}
          testId="withdraw-amount"
        />
        <dl className="funds__figures" data-testid="withdraw-figures">
          <div>
            <dt>{t('asset.withdraw.networkFee')}</dt>
            <dd data-testid="withdraw-fee">{exactCoinText(fee, coin, intl)}</dd>
          </div>
          <div>
            <dt>{t('asset.withdraw.total')}</dt>
            <dd data-testid="withdraw-total">{figures ? exactCoinText(figures.total, coin, intl) : '--'}</dd>
          </div>
          <div>
            <dt>{t('asset.withdraw.received')}</dt>
            <dd data-testid="withdraw-received">{figures ? exactCoinText(figures.received, coin, intl) : '--'}</dd>
          </div>
        </dl>
        {available && (
          <ul className="funds__terms">
            <li>{t('asset.withdraw.min', { amount: available.minWithdraw, coin })}</li>
            <li>
              {t('asset.withdraw.limit', {
                amount: amountsShown ? coinAmount(available.remainingUsdt, 'USDT', intl) : HIDDEN_AMOUNT,
              })}
            </li>
          </ul>
        )}
        {refusal?.field === 'form' && (
          <p className="records__error" role="alert">
            {refusal.text}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          loading={busy}
          disabled={isKept}
          title={isKept ? t('asset.offlineAction') : undefined}
        >
          {t('asset.withdraw.submit')}
        </Button>
      </form>
      {stepUp.dialog}
      <FundsHistory
        title="asset.withdraw.recent"
        empty="asset.withdraw.none"
        view={withdrawals.state}
        onRetry={withdrawals.refresh}
        testId="withdrawal-list"
        isDone={(row) => row.status === 'completed'}
        statusText={(row) => t(row.status === 'completed' ? 'asset.withdraw.completed' : 'asset.withdraw.processing')}
        detail={(row) => (
          <bdi dir="ltr">
            {row.address.slice(0, 8)}…{row.address.slice(-6)}
          </bdi>
        )}
      />
    </div>
  );
}
