import { useT } from '../../i18n/i18n';
import type { CoinChain, CoinNetworks } from './funds-api';

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
  can: NetworkUse;
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
            const { coin: next, chain: first } = pickNetwork(coins, { coin: event.target.value }, can);
            onChange({ coin: next, chain: first });
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

/** Which networks a page offers: those open to deposits, or to withdrawals. */
export type NetworkUse = 'depositEnabled' | 'withdrawEnabled';

/**
 * The coin and network a page shows for what was asked (the address bar, a choice): the coin if listed, else USDT
 * (the app's `coin/recharge` default), else the first; the network if open for `can`, else the coin's first open one.
 * `network` is null when the coin has no open network.
 */
export function pickNetwork(
  coins: readonly CoinNetworks[],
  wanted: { coin?: string; chain?: string },
  can: NetworkUse,
): { coin: string; chain: string; network: CoinChain | null } {
  const listed = (name: string | undefined) => coins.find((entry) => entry.coin === name);
  const entry = listed(wanted.coin) ?? listed('USDT') ?? coins[0];
  const open = entry?.chains.filter((chain) => chain[can]) ?? [];
  const network = open.find((chain) => chain.chain === wanted.chain) ?? open[0] ?? null;
  return { coin: entry?.coin ?? '', chain: network?.chain ?? '', network };
}
