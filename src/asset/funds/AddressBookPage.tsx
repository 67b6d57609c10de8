import { type FormEvent, useState } from 'react';
import { RequestError } from '../../api/request';
import { formatDateTime } from '../../../engine/format/date-time';
import { useIntlTag, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { StateView } from '../../ui/StateView';
import { toast } from '../../ui/toast';
import { AssetOfflineScope, AssetStates } from '../AssetStates';
import { useRead } from '../../api/use-read';
import { CoinNetworkPicker, pickNetwork } from './CoinNetworkPicker';
import { AddressMemoFields } from './FundsFields';
import {
  type CoinNetworks,
  deleteAddress,
  loadCoins,
  loadSavedAddresses,
  type SavedAddress,
  saveAddress,
} from './funds-api';
import './funds.css';

/** `settings/address`: the withdrawal addresses the user saved, and a form to save another. */
export function AddressBookPage() {
  const t = useT();
  const coins = useRead(loadCoins, { refreshMs: 10 * 60_000 });
  const saved = useRead(() => loadSavedAddresses(), { refreshMs: 60_000 });
  return (
    <div className="asset-card funds">
      <h2 className="asset-card__title">{t('asset.address.title')}</h2>
      {/* Two reads side by side, one offline notice above both. */}
      <AssetOfflineScope>
        <AssetStates state={coins.state} onRetry={coins.refresh}>
          {(list, isKept) => (isKept ? null : <AddAddressForm coins={list} onSaved={saved.refresh} />)}
        </AssetStates>
        <AssetStates state={saved.state} onRetry={saved.refresh}>
          {(entries, isKept) =>
            entries.length === 0 ? (
              <StateView state="empty" message={t('asset.address.empty')} />
            ) : (
              <SavedList entries={entries} canDelete={!isKept} onDeleted={saved.refresh} />
            )
          }
        </AssetStates>
      </AssetOfflineScope>
    </div>
  );
}

function AddAddressForm({ coins, onSaved }: { coins: readonly CoinNetworks[]; onSaved(): void }) {
  const t = useT();
  const [wanted, setPick] = useState<{ coin?: string; chain?: string }>({});
  const pick = pickNetwork(coins, wanted, 'withdrawEnabled');
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ address?: string; memo?: string; label?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const { network } = pick;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!network) return;
    const found: typeof errors = {};
    if (!new RegExp(network.addressPattern).test(address.trim()))
      found.address = t('asset.withdraw.errAddress', { network: network.name });
    if (network.memoRequired && memo.trim() === '') found.memo = t('asset.withdraw.errMemo');
    if (label.trim() === '' || label.trim().length > 20) found.label = t('asset.address.errLabel');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await saveAddress({
        coin: pick.coin,
        chain: pick.chain,
        address: address.trim(),
        ...(memo.trim() ? { memo: memo.trim() } : {}),
        label: label.trim(),
      });
      toast.success(t('asset.address.added'));
      setAddress('');
      setMemo('');
      setLabel('');
      onSaved();
    } catch (failure) {
      const code = failure instanceof RequestError ? failure.details.code : undefined;
      setErrors({
        form:
          code === '43017'
            ? t('asset.address.exists')
            : code === '43016'
              ? t('asset.address.full')
              : failure instanceof Error && failure.message
                ? failure.message
                : t('asset.error'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="funds__form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <CoinNetworkPicker coins={coins} coin={pick.coin} chain={pick.chain} can="withdrawEnabled" onChange={setPick} />
      <AddressMemoFields
        address={address}
        memo={memo}
        memoRequired={network?.memoRequired ?? false}
        errors={errors}
        onAddress={setAddress}
        onMemo={setMemo}
        testIdPrefix="book"
      />
      <Field
        label={t('asset.address.label')}
        value={label}
        maxLength={20}
        error={errors.label}
        onChange={(event) => setLabel(event.target.value)}
        data-testid="address-label"
      />
      {errors.form && (
        <p className="records__error" role="alert">
          {errors.form}
        </p>
      )}
      <Button type="submit" variant="primary" loading={busy}>
        {t('asset.address.add')}
      </Button>
    </form>
  );
}

function SavedList({
  entries,
  canDelete,
  onDeleted,
}: {
  entries: readonly SavedAddress[];
  canDelete: boolean;
  onDeleted(): void;
}) {
  const t = useT();
  const intl = useIntlTag();
  return (
    <ul className="funds__list funds__book" data-testid="address-book">
      {entries.map((entry) => (
        <li key={entry.id}>
          <span>
            <strong>{entry.label}</strong> · {entry.coin} · {entry.chain}
          </span>
          <code className="funds__code">
            {entry.address}
            {entry.memo ? ` · ${entry.memo}` : ''}
          </code>
          <span>
            <bdi dir="auto">{formatDateTime(entry.cTime, intl)}</bdi>
          </span>
          <Button
            size="sm"
            variant="plain"
            disabled={!canDelete}
            aria-label={t('asset.address.deleteNamed', { label: entry.label })}
            onClick={() => {
              deleteAddress(entry.id).then(
                () => {
                  toast.success(t('asset.address.deleted'));
                  onDeleted();
                },
                (failure: unknown) => {
                  const code = failure instanceof RequestError ? failure.details.code : undefined;
                  toast.error(code === '43018' ? t('asset.address.notFound') : t('asset.error'));
                  onDeleted();
                },
              );
            }}
          >
            {t('asset.address.delete')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
