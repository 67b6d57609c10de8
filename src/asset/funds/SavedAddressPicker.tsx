import type { ReadState } from '../../api/read-state';
import { useT } from '../../i18n/i18n';
import type { SavedAddress } from './funds-api';

export interface SavedAddressPickerProps {
  view: ReadState<SavedAddress[]>;
  /** Only entries of this network are offered. */
  chain: string;
  onPick(entry: SavedAddress): void;
}

/** Fills the withdrawal's address and memo from the address book; nothing shows while it holds none for the network. */
export function SavedAddressPicker({ view, chain, onPick }: SavedAddressPickerProps) {
  const t = useT();
  const entries = view.status === 'ready' ? view.data.filter((entry) => entry.chain === chain) : [];
  if (entries.length === 0) return null;
  return (
    <label className="asset-field">
      <span>{t('asset.withdraw.fromBook')}</span>
      <select
        value=""
        onChange={(event) => {
          const entry = entries.find((item) => item.id === event.target.value);
          if (entry) onPick(entry);
        }}
        data-testid="withdraw-saved"
      >
        <option value="">{t('asset.withdraw.noSaved')}</option>
        {entries.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.label} · {entry.address.slice(0, 8)}…{entry.address.slice(-6)}
          </option>
        ))}
      </select>
    </label>
  );
}
