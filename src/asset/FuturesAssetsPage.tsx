import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { toCoinPlaces } from '../../engine/rules/coin-places';
import { useIntlTag, useT } from '../i18n/i18n';
import { HIDDEN_AMOUNT, useAssetDisplay } from '../settings/asset-display';
import { Button } from '../ui/Button';
import { type FuturesAssets, loadFuturesAssets, ASSET_REFRESH_MS } from './asset-api';
import type { LiveFuturesFigures } from './futures-live';
import { fixedText } from './asset-format';
import { AssetStates } from './AssetStates';
import { useRead } from '../api/use-read';

/** The transfer dialog's code loads when it is first opened, not with the page's figures. */
const TransferDialog = lazy(() => import('./TransferDialog').then((module) => ({ default: module.TransferDialog })));

/** USDT figures of the futures account show 4 decimals, as the trading screens show the margin coin. */
const USDT_PLACES = 4;

const FIGURES = [
  ['asset.equity', 'equity'],
  ['asset.wallet', 'wallet'],
  ['asset.available', 'available'],
  ['asset.marginInUse', 'marginInUse'],
  ['asset.orderMargin', 'orderMargin'],
  ['asset.upnl', 'unrealizedPL'],
  ['asset.transferable', 'transferable'],
] as const satisfies readonly (readonly [string, keyof FuturesAssets])[];

/** The figures the maths worker keeps live at the marks; the others are the gateway's. */
const LIVE_FIELDS: ReadonlySet<keyof FuturesAssets> = new Set(['equity', 'unrealizedPL']);

/**
 * The account's equity and unrealized PnL from the maths worker at live marks, for the figures `data` gave (null
 * until the first tick, and while the figures are kept ones: offline nothing moves). The worker code loads after the
 * page's first figures, never before them.
 */
function useLiveFigures(data: FuturesAssets | null, isKept: boolean): LiveFuturesFigures | null {
  const [live, setLive] = useState<{ key: string; figures: LiveFuturesFigures } | null>(null);
  // A new wallet or new margins mean positions or balances changed: the watch starts again from them.
  const key = data && !isKept ? [data.marginCoin, data.wallet, data.marginInUse, data.orderMargin].join('|') : '';
  useEffect(() => {
    if (!key) return;
    const [marginCoin, wallet] = key.split('|');
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./futures-live').then(({ watchFuturesFigures }) => {
      if (cancelled) return;
      stop = watchFuturesFigures({ marginCoin, wallet }, (figures) => setLive({ key, figures }));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key]);
  return live && live.key === key ? live.figures : null;
}

/** `/asset/futures`: the USDT-M account's equity, wallet, margins, unrealized PnL and what can be transferred out. */
export function FuturesAssetsPage() {
  const t = useT();
  const { state: view, refresh } = useRead(loadFuturesAssets, { refreshMs: ASSET_REFRESH_MS });
  const ready = view.status === 'ready' ? view : null;
  const live = useLiveFigures(ready?.data ?? null, ready?.keptAt != null);
  const display = useAssetDisplay();
  const intl = useIntlTag();
  const [transferOpen, setTransferOpen] = useState(false);
  const amount = (value: string) =>
    display.amountsShown ? fixedText(toCoinPlaces(value, USDT_PLACES), USDT_PLACES, intl) : HIDDEN_AMOUNT;

  return (
    <div className="asset-card">
      <div className="asset-toolbar">
        <h2 className="asset-card__title">{t('asset.account.futures')}</h2>
      </div>
      <AssetStates state={view} onRetry={refresh}>
        {(data, isKept) => (
          <>
            <dl className="asset-figures" data-testid="futures-assets">
              {FIGURES.map(([label, field]) => {
                const fromWorker =
                  live && !isKept && LIVE_FIELDS.has(field) ? live[field as keyof LiveFuturesFigures] : null;
                return (
                  <div key={field} data-figure={field} data-live={fromWorker === null ? undefined : 'true'}>
                    <dt>{t(label)}</dt>
                    <dd>
                      <bdi dir="ltr">{amount(fromWorker ?? data[field])}</bdi> {data.marginCoin}
                    </dd>
                  </div>
                );
              })}
            </dl>
            <div className="asset-actions">
              <Button
                variant="primary"
                onClick={() => setTransferOpen(true)}
                disabled={isKept}
                title={isKept ? t('asset.offlineAction') : undefined}
              >
                {t('asset.transfer.open')}
              </Button>
              <Link
                to="/futures/usdt/$symbol"
                params={{ symbol: 'BTCUSDT' }}
                className="button button--secondary button--md"
              >
                {t('asset.trade')}
              </Link>
            </div>
            {transferOpen && (
              <Suspense fallback={null}>
                <TransferDialog initialFrom="futures" onClose={() => setTransferOpen(false)} onDone={refresh} />
              </Suspense>
            )}
          </>
        )}
      </AssetStates>
    </div>
  );
}
