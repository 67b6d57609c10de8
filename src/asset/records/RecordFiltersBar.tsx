import { useState } from 'react';
import type { MessageKey } from '../../i18n/i18n';
import { useT } from '../../i18n/i18n';
import type { RecordSearch } from './record-filters';

export interface RecordFiltersBarProps {
  search: RecordSearch;
  onChange(next: RecordSearch): void;
  /** The type filter's choices and their texts; absent, the list has no type filter. */
  kinds?: readonly { value: string; label: MessageKey }[];
  /** The text of "any type". */
  anyKind?: MessageKey;
  /** What the choices are (Type, Status, Side, Market): the filter's label. */
  kindLabel?: MessageKey;
  rangeError: boolean;
  /** What the text filter names: a coin (default) or a pair. */
  coinLabel?: MessageKey;
  coinHint?: MessageKey;
}

/** Coin, type and date filters of a record list; each change goes to the address bar at once. */
export function RecordFiltersBar({
  search,
  onChange,
  kinds,
  anyKind,
  kindLabel = 'asset.records.type',
  rangeError,
  coinLabel = 'asset.records.coin',
  coinHint = 'asset.records.coinHint',
}: RecordFiltersBarProps) {
  const t = useT();
  // The coin is typed freely; only a valid one (letters and digits) becomes a filter.
  const [coin, setCoin] = useState(search.coin ?? '');
  const set = (patch: Partial<RecordSearch>) => {
    const next = { ...search, ...patch };
    for (const key of Object.keys(next) as (keyof RecordSearch)[]) if (!next[key]) delete next[key];
    onChange(next);
  };
  return (
    <fieldset className="records__filters">
      <legend className="visually-hidden">{t('asset.records.filters')}</legend>
      <label className="asset-field">
        <span>{t(coinLabel)}</span>
        <input
          className="asset-search"
          value={coin}
          maxLength={20}
          placeholder={t(coinHint)}
          autoCapitalize="characters"
          onChange={(event) => {
            const typed = event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
            setCoin(typed);
            set({ coin: typed || undefined });
          }}
          data-testid="records-coin"
        />
      </label>
      {kinds && anyKind && (
        <label className="asset-field">
          <span>{t(kindLabel)}</span>
          <select value={search.kind ?? ''} onChange={(event) => set({ kind: event.target.value || undefined })}>
            <option value="">{t(anyKind)}</option>
            {kinds.map(({ value, label }) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="asset-field">
        <span>{t('asset.records.from')}</span>
        <input
          type="date"
          value={search.from ?? ''}
          onChange={(event) => set({ from: event.target.value || undefined })}
          aria-invalid={rangeError || undefined}
          data-testid="records-from"
        />
      </label>
      <label className="asset-field">
        <span>{t('asset.records.to')}</span>
        <input
          type="date"
          value={search.to ?? ''}
          onChange={(event) => set({ to: event.target.value || undefined })}
          aria-invalid={rangeError || undefined}
          data-testid="records-to"
        />
      </label>
      <button
        type="button"
        className="asset-quiet-button"
        onClick={() => {
          setCoin('');
          onChange({});
        }}
      >
        {t('asset.records.clear')}
      </button>
      {rangeError && (
        <p className="records__error" role="alert">
          {t('asset.records.badRange')}
        </p>
      )}
    </fieldset>
  );
}
