import { ASSET_REFRESH_MS } from '../asset-api';
import { compareDecimalText } from '../../../engine/rules/market-sort';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { RequestError } from '../../api/request';
import { StepUpCancelled } from '../../auth/step-up';
import { useStepUp } from '../../auth/use-step-up';
import { useIntlTag, useT } from '../../i18n/i18n';
import { randomHex } from '../../platform/random-hex';
import { HIDDEN_AMOUNT, useAssetDisplay } from '../../settings/asset-display';
import { Button } from '../../ui/Button';
import { StateView } from '../../ui/StateView';
import { toast } from '../../ui/toast';
import { coinAmount } from '../asset-format';
import { AssetStates } from '../AssetStates';
import { useRead } from '../../api/use-read';
import { CoinNetworkPicker, pickNetwork } from './CoinNetworkPicker';
import { FundsHistory } from './FundsHistory';
import { AddressMemoFields, AmountField } from './FundsFields';
import { subtractDecimal } from './subtract-decimal';
import {
  type CoinChain,
  loadCoins,
  loadSavedAddresses,
  loadWithdrawals,
  loadWithdrawInfo,
  withdraw,
} from './funds-api';
import './funds.css';

/** `coin/withdraw`: network, address (typed or from the address book), amount against fee, minimum and daily limit. */
export function WithdrawPage() {
  const t = useT();
  const search = useSearch({ from: '/asset/withdraw' });
  const navigate = useNavigate({ from: '/asset/withdraw' });
  const coins = useRead(loadCoins, { refreshMs: 10 * 60_000 });
  return (
    <div className="asset-card funds">
      <div className="asset-toolbar">
        <h2 className="asset-card__title">{t('asset.withdraw.title')}</h2>
        <Link to="/asset/address" className="asset-link">
          {t('asset.address.open')}
        </Link>
      </div>
      <AssetStates state={coins.state} onRetry={coins.refresh}>
        {(list, isKept) => {
          const { coin, chain, network } = pickNetwork(list, search, 'withdrawEnabled');
          return (
            <>
              <CoinNetworkPicker
                coins={list}
                coin={coin}
                chain={chain}
                can="withdrawEnabled"
                onChange={(next) => void navigate({ search: next, replace: true })}
              />
              {network ? (
                <WithdrawForm key={`${coin}/${chain}`} coin={coin} network={network} isKept={isKept} />
              ) : (
                <StateView state="empty" message={t('asset.account.soon')} />
              )}
            </>
          );
        }}
      </AssetStates>
    </div>
  );
}

function WithdrawForm({ coin, network, isKept }: { coin: string; network: CoinChain; isKept: boolean }) {
  const t = useT();
  const intl = useIntlTag();
  const { amountsShown } = useAssetDisplay();
  const chain = network.chain;
  const info = useRead(() => loadWithdrawInfo(coin, chain), { key: `${coin}/${chain}`, refreshMs: ASSET_REFRESH_MS });
  const saved = useRead(() => loadSavedAddresses(coin), { key: coin, refreshMs: 10 * 60_000 });
  const withdrawals = useRead(() => loadWithdrawals(coin), { key: coin, refreshMs: 5_000 });
  const stepUp = useStepUp();
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ address?: string; memo?: string; amount?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // One id per intended withdrawal: a resend after a lost reply is refused as a duplicate, never paid twice.
  const clientOid = useRef(randomHex(16));
  const pattern = new RegExp(network.addressPattern);
  const figures = info.state.status === 'ready' ? info.state.data : null;
  const shown = (value: string, unit = coin) => (amountsShown ? coinAmount(value, unit, intl) : HIDDEN_AMOUNT);
  const maxAmount = figures ? subtractDecimal(figures.available, figures.fee) : null;

  const check = () => {
    const found: typeof errors = {};
    if (!pattern.test(address.trim())) found.address = t('asset.withdraw.errAddress', { network: network.name });
    if (network.memoRequired && memo.trim() === '') found.memo = t('asset.withdraw.errMemo');
    const typed = amount.replace(/\.$/, '');
    if (typed === '' || compareDecimalText(typed, '0') <= 0) found.amount = t('asset.transfer.errAmount');
    else if (compareDecimalText(typed, network.minWithdraw) < 0)
      found.amount = t('asset.withdraw.errMin', { amount: network.minWithdraw, coin });
    else if (maxAmount !== null && compareDecimalText(typed, maxAmount) > 0)
      found.amount = t('asset.withdraw.errTooMuch');
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await stepUp.run('withdraw', () =>
        withdraw({
          coin,
          chain,
          address: address.trim(),
          ...(network.memoRequired || memo.trim() ? { memo: memo.trim() } : {}),
          amount: amount.replace(/\.$/, ''),
          clientOid: clientOid.current,
        }),
      );
      toast.success(t('asset.withdraw.sent'));
      setAmount('');
      clientOid.current = randomHex(16);
      info.refresh();
      withdrawals.refresh();
    } catch (failure) {
      if (failure instanceof StepUpCancelled) return;
      // What was typed stays; the message says why in the user's language where the code is known.
      const code = failure instanceof RequestError ? failure.details.code : undefined;
      const byCode: Record<string, string> = {
        '43003': t('asset.withdraw.errMin', { amount: network.minWithdraw, coin }),
        '43004': t('asset.withdraw.errTooMuch'),
        '43019': t('asset.withdraw.errLimit'),
      };
      const text =
        (code && byCode[code]) ||
        (failure instanceof RequestError && failure.message ? failure.message : t('asset.withdraw.failed'));
      setErrors(code === '43003' || code === '43004' || code === '43019' ? { amount: text } : { form: text });
      clientOid.current = randomHex(16);
    } finally {
      setBusy(false);
    }
  };

  const savedList = saved.state.status === 'ready' ? saved.state.data.filter((entry) => entry.chain === chain) : [];
  return (
    <div className="funds__body">
      <form className="funds__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {savedList.length > 0 && (
          <label className="asset-field">
            <span>{t('asset.withdraw.fromBook')}</span>
            <select
              value=""
              onChange={(event) => {
                const entry = savedList.find((item) => item.id === event.target.value);
                if (!entry) return;
                setAddress(entry.address);
                setMemo(entry.memo ?? '');
              }}
              data-testid="withdraw-saved"
            >
              <option value="">{t('asset.withdraw.noSaved')}</option>
              {savedList.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label} · {entry.address.slice(0, 8)}…{entry.address.slice(-6)}
                </option>
              ))}
            </select>
          </label>
        )}
        <AddressMemoFields
          address={address}
          memo={memo}
          memoRequired={network.memoRequired}
          errors={errors}
          onAddress={setAddress}
          onMemo={setMemo}
          testIdPrefix="withdraw"
        />
        <AmountField
          label={t('asset.withdraw.amount')}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          hint={figures ? t('asset.withdraw.available', { amount: shown(figures.available), coin }) : undefined}
          max={maxAmount}
          testId="withdraw-amount"
        />
        {figures && (
          <ul className="funds__terms">
            <li>{t('asset.withdraw.fee', { amount: shown(figures.fee), coin })}</li>
            <li>{t('asset.withdraw.min', { amount: figures.minWithdraw, coin })}</li>
            <li>{t('asset.withdraw.limit', { amount: shown(figures.remainingUsdt, 'USDT') })}</li>
          </ul>
        )}
        {errors.form && (
          <p className="records__error" role="alert">
            {errors.form}
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
