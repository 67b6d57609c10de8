import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { CoinDescription } from '../../content/CoinDescription';
import { useIntlTag, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { StateView } from '../../ui/StateView';
import { toast } from '../../ui/toast';
import { numericValue } from '../../../engine/rules/numeric-input';
import { coinShownPlaces, fixedText } from '../asset-format';
import { AssetStates } from '../AssetStates';
import { placesOf } from '../records/TransacPage';
import { useRead } from '../../api/use-read';
import { CoinNetworkPicker, pickNetwork } from './CoinNetworkPicker';
import { FundsHistory } from './FundsHistory';
import { loadCoins, loadDepositAddress, loadDeposits, sendTestDeposit } from './funds-api';
import { QrCode } from '../../ui/QrCode';
import { useNumericTyping } from '../../ui/use-numeric-typing';
import './funds.css';

/** While a deposit confirms, its list is read this often (a simulated confirmation comes every 2 s). */
const PENDING_REFRESH_MS = 2_000;

/** Copies a text to the clipboard and says so; a refused clipboard says nothing worse than not copying. */
function CopyButton({ text, what }: { text: string; what: string }) {
  const t = useT();
  return (
    <Button
      size="sm"
      variant="plain"
      aria-label={t('asset.deposit.copyNamed', { what })}
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => toast.success(t('asset.deposit.copied')),
          () => undefined,
        );
      }}
    >
      {t('asset.deposit.copy')}
    </Button>
  );
}

/** `coin/recharge`: coin and network, the account's address with its QR code and memo, and the deposits following it. */
export function DepositPage() {
  const t = useT();
  const search = useSearch({ from: '/asset/deposit' });
  const navigate = useNavigate({ from: '/asset/deposit' });
  const coins = useRead(loadCoins, { refreshMs: 10 * 60_000 });
  return (
    <div className="asset-card funds">
      <h2 className="asset-card__title">{t('asset.deposit.title')}</h2>
      <AssetStates state={coins.state} onRetry={coins.refresh}>
        {(list, isKept) => {
          const { coin, chain, network } = pickNetwork(list, search, 'depositEnabled');
          return (
            <>
              <CoinNetworkPicker
                coins={list}
                coin={coin}
                chain={chain}
                can="depositEnabled"
                onChange={(next) => void navigate({ search: next, replace: true })}
              />
              {network ? (
                <DepositAddressPanel
                  key={`${coin}/${chain}`}
                  coin={coin}
                  chain={chain}
                  networkName={network.name}
                  minDeposit={network.minDeposit}
                  confirmations={network.confirmations}
                  memoRequired={network.memoRequired}
                  isKept={isKept}
                />
              ) : (
                <StateView state="empty" message={t('asset.account.soon')} />
              )}
              {coin && <CoinDescription coin={coin} />}
            </>
          );
        }}
      </AssetStates>
    </div>
  );
}

function DepositAddressPanel(props: {
  coin: string;
  chain: string;
  networkName: string;
  minDeposit: string;
  confirmations: number;
  memoRequired: boolean;
  isKept: boolean;
}) {
  const { coin, chain } = props;
  const t = useT();
  const intl = useIntlTag();
  const address = useRead(() => loadDepositAddress(coin, chain), {
    key: `${coin}/${chain}`,
    refreshMs: 10 * 60_000,
  });
  const [pending, setPending] = useState(false);
  const deposits = useRead(() => loadDeposits(coin), {
    key: coin,
    refreshMs: pending ? PENDING_REFRESH_MS : 15_000,
  });
  const rows = deposits.state.status === 'ready' ? deposits.state.data.rows : [];
  const hasPending = rows.some((row) => row.status === 'pending');
  if (hasPending !== pending) setPending(hasPending);

  return (
    <div className="funds__body">
      <AssetStates state={address.state} onRetry={address.refresh}>
        {(data) => (
          <div className="funds__address">
            <QrCode value={data.address} label={t('asset.deposit.qr')} />
            <div className="funds__details">
              <p className="funds__warning">{t('asset.deposit.onlyCoin', { coin, network: props.networkName })}</p>
              <dl className="funds__facts">
                <div>
                  <dt>{t('asset.deposit.address')}</dt>
                  <dd>
                    <code className="funds__code" data-testid="deposit-address">
                      {data.address}
                    </code>
                    <CopyButton text={data.address} what={t('asset.deposit.address')} />
                  </dd>
                </div>
                {data.memo !== null && (
                  <div>
                    <dt>{t('asset.deposit.memo')}</dt>
                    <dd>
                      <code className="funds__code" data-testid="deposit-memo">
                        {data.memo}
                      </code>
                      <CopyButton text={data.memo} what={t('asset.deposit.memo')} />
                    </dd>
                  </div>
                )}
              </dl>
              {props.memoRequired && (
                <p className="funds__warning funds__warning--strong" role="note">
                  {t('asset.deposit.memoWarning')}
                </p>
              )}
              <p>
                {t('asset.deposit.min', {
                  amount: fixedText(props.minDeposit, placesOf(props.minDeposit), intl),
                  coin,
                })}
              </p>
              <p>{t('asset.deposit.confirmations', { count: props.confirmations })}</p>
            </div>
          </div>
        )}
      </AssetStates>
      {!props.isKept && (
        <TestDeposit coin={coin} chain={chain} minDeposit={props.minDeposit} onSent={deposits.refresh} />
      )}
      <FundsHistory
        title="asset.deposit.recent"
        empty="asset.deposit.none"
        view={deposits.state}
        onRetry={deposits.refresh}
        testId="deposit-list"
        isDone={(row) => row.status === 'credited'}
        statusText={(row) =>
          row.status === 'credited'
            ? t('asset.deposit.credited')
            : t('asset.deposit.pending', { done: row.confirmations, required: row.required })
        }
      />
    </div>
  );
}

/**
 * Local mode's simulated transfer to the user's own address; hidden when the gateway does not offer it. Its amount is
 * typed by the spec §5 rule at the coin's places, as every other amount field of the asset pages.
 */
function TestDeposit({
  coin,
  chain,
  minDeposit,
  onSent,
}: {
  coin: string;
  chain: string;
  minDeposit: string;
  onSent(): void;
}) {
  const t = useT();
  const [amount, setAmount] = useState('100');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offered, setOffered] = useState(true);
  const typing = useNumericTyping(amount, coinShownPlaces(coin), setAmount);
  const value = numericValue(amount);
  if (!offered) return null;
  return (
    <form
      className="funds__test"
      onSubmit={(event) => {
        event.preventDefault();
        if (value === null) return;
        setBusy(true);
        setError(null);
        // The field keeps what was typed whatever the answer: a refused amount is corrected, not typed again.
        sendTestDeposit({ coin, chain, amount: value }).then(
          () => {
            setBusy(false);
            toast.success(t('asset.deposit.simulated'));
            onSent();
          },
          (failure: unknown) => {
            setBusy(false);
            const status = (failure as { details?: { status?: number } }).details?.status;
            // 404: not local mode; the gateway does not simulate deposits there.
            if (status === 404) setOffered(false);
            else setError(failure instanceof Error ? failure.message : t('asset.error'));
          },
        );
      }}
    >
      <p className="funds__hint">{t('asset.deposit.simulateHint')}</p>
      <Field
        label={t('asset.deposit.simulateAmount')}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        value={typing.value}
        onChange={typing.onChange}
        onCompositionStart={typing.onCompositionStart}
        onCompositionEnd={typing.onCompositionEnd}
        onBlur={typing.onBlur}
        error={error}
        hint={typing.hint ?? t('asset.deposit.min', { amount: minDeposit, coin })}
        data-testid="test-deposit-amount"
      />
      <Button type="submit" loading={busy} disabled={value === null}>
        {t('asset.deposit.simulate')}
      </Button>
    </form>
  );
}
