import { useT } from '../../i18n/i18n';
import type { CoinNetworks } from './funds-api';

/** The coin and network selects of the deposit and withdrawal pages; a change of coin picks its first network. */
export function CoinNetworkPicker({
  coins,
  coin,
  chain,
  onChange,
  can,
}: {
  coins: readonly CoinNetworks[];
  coin: string;
  chain: string;
  onChange(next: { coin: string; chain: string }): void;
  /** Which networks the page offers (deposits or withdrawals enabled). */
  can: 'depositEnabled' | 'withdrawEnabled';
}) {
  const t = useT();
  const chains = coins.find((entry) => entry.coin === coin)?.chains.filter((entry) => entry[can]) ?? [];
  return (
    <div className="funds__pickers">
      <label className="asset-field">
        <span>{t('asset.deposit.coin')}</span>
        <select
          value={coin}
          onChange={(event) => {
            const next = coins.find((entry) => entry.coin === event.target.value);
            onChange({ coin: event.target.value, chain: next?.chains.find((entry) => entry[can])?.chain ?? '' });
          }}
          data-testid="funds-coin"
        >
          {coins.map((entry) => (
            <option key={entry.coin} value={entry.coin}>
              {entry.coin}
            </option>
          ))}
        </select>
      </label>
      <label className="asset-field">
        <span>{t('asset.deposit.network')}</span>
        {/* Network names are Latin ("Tron (TRC20)"): set by their own direction, so RTL pages keep the brackets. */}
        <select
          dir="auto"
          value={chain}
          onChange={(event) => onChange({ coin, chain: event.target.value })}
          data-testid="funds-chain"
        >
          {chains.map((entry) => (
            <option key={entry.chain} value={entry.chain}>
              {entry.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The network entry of a coin, or null when the pair is not offered. */
export function chainOf(coins: readonly CoinNetworks[], coin: string, chain: string) {
  return coins.find((entry) => entry.coin === coin)?.chains.find((entry) => entry.chain === chain) ?? null;
}
