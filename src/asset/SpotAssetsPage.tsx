import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { toCoinPlaces } from '../../engine/rules/coin-places';
import { useIntlTag, useT } from '../i18n/i18n';
import { HIDDEN_AMOUNT, useAssetDisplay } from '../settings/asset-display';
import { isSimulationOn } from '../simulation/simulation';
import { CoinIcon } from '../ui/CoinIcon';
import { StateView } from '../ui/StateView';
import { loadSpotAssets, type SpotAsset, ASSET_REFRESH_MS, TRANSFER_COIN } from './asset-api';
import { fixedText, unitText } from './asset-format';
import { AssetStates } from './AssetStates';
import { SpotCoinActions } from './SpotCoinActions';
import { useSpotPairs } from './use-spot-pairs';
import { useRead } from '../api/use-read';

/** The transfer dialog's code loads when it is first opened, not with the page's figures. */
const TransferDialog = lazy(() => import('./TransferDialog').then((module) => ({ default: module.TransferDialog })));

/** A balance worth less than this many USDT is "small" (the hide-small filter). */
const SMALL_USDT = 1;

/**
 * `/asset/spot`: each coin's available, in-orders and value, with search and a small-balance filter, and what the
 * coin leads to (deposit, withdraw, its pair's trading screen, a transfer).
 */
export function SpotAssetsPage() {
  const t = useT();
  const { state: view, refresh } = useRead(loadSpotAssets, { refreshMs: ASSET_REFRESH_MS });
  const pairs = useSpotPairs();
  const [transferOpen, setTransferOpen] = useState(false);
  // Simulated money neither comes in from nor goes out to a chain: no deposit or withdraw there.
  const canMoveFunds = !isSimulationOn();
  const display = useAssetDisplay();
  const intl = useIntlTag();
  const [query, setQuery] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const search = useDeferredValue(query.trim().toUpperCase());
  const data = view.status === 'ready' ? view.data : null;
  const rows = useMemo(
    () =>
      (data ?? []).filter(
        (asset) =>
          asset.coin.includes(search) &&
          // A display filter over a few dozen coins: a float compare of a value string is enough to hide dust.
          (!hideSmall || Number(asset.usdtValue) >= SMALL_USDT),
      ),
    [data, search, hideSmall],
  );
  const amount = (value: string, places: number) =>
    display.amountsShown ? fixedText(toCoinPlaces(value, places), places, intl) : HIDDEN_AMOUNT;
  const worth = (asset: SpotAsset) =>
    display.amountsShown
      ? unitText(display.valuationUnit === 'BTC' ? asset.btcValue : asset.usdtValue, display.valuationUnit, intl)
      : HIDDEN_AMOUNT;

  return (
    <div className="asset-card">
      <div className="asset-toolbar">
        <h2 className="asset-card__title">{t('asset.nav.spot')}</h2>
        <input
          type="search"
          className="asset-search"
          value={query}
          maxLength={20}
          placeholder={t('asset.search')}
          aria-label={t('asset.search')}
          onChange={(event) => setQuery(event.target.value)}
        />
        <label className="asset-check">
          <input type="checkbox" checked={hideSmall} onChange={(event) => setHideSmall(event.target.checked)} />
          {t('asset.hideSmall')}
        </label>
      </div>
      <AssetStates state={view} onRetry={refresh}>
        {(assets, isKept) =>
          assets.length === 0 ? (
            <StateView state="empty" message={t('asset.noBalances')} />
          ) : rows.length === 0 ? (
            <StateView state="empty" message={t('asset.noMatch')} />
          ) : (
            <div className="asset-table__scroll">
              <table className="asset-table" data-testid="spot-assets">
                <thead>
                  <tr>
                    <th scope="col">{t('asset.coin')}</th>
                    <th scope="col">{t('asset.available')}</th>
                    <th scope="col">{t('asset.frozen')}</th>
                    <th scope="col">{t('asset.value')}</th>
                    <th scope="col">{t('asset.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((asset) => (
                    <tr key={asset.coin} data-coin={asset.coin}>
                      <th scope="row">
                        <CoinIcon coin={asset.coin} size={20} /> {asset.coin}
                      </th>
                      <td data-label={t('asset.available')}>
                        <bdi dir="ltr">{amount(asset.available, asset.places)}</bdi>
                      </td>
                      <td data-label={t('asset.frozen')}>
                        <bdi dir="ltr">{amount(asset.frozen, asset.places)}</bdi>
                      </td>
                      <td data-label={t('asset.value')}>
                        <bdi dir="ltr">{worth(asset)}</bdi>
                      </td>
                      <td className="asset-table__actions">
                        <SpotCoinActions
                          coin={asset.coin}
                          pair={pairs.has(`${asset.coin}USDT`) ? `${asset.coin}USDT` : null}
                          canMoveFunds={canMoveFunds}
                          onTransfer={asset.coin === TRANSFER_COIN ? () => setTransferOpen(true) : null}
                          isKept={isKept}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </AssetStates>
      {transferOpen && (
        <Suspense fallback={null}>
          <TransferDialog initialFrom="spot" onClose={() => setTransferOpen(false)} onDone={refresh} />
        </Suspense>
      )}
    </div>
  );
}
