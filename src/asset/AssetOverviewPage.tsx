import { isZeroDecimal } from '../../engine/rules/numeric-input';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { ValuationUnit } from '../../engine/rules/valuation';
import { useIntlTag, useT } from '../i18n/i18n';
import { HIDDEN_AMOUNT, setAmountsShown, setValuationUnit, useAssetDisplay } from '../settings/asset-display';
import { AppScreenLink } from '../ui/AppScreenLink';
import { isSimulationOn } from '../simulation/simulation';
import { Button } from '../ui/Button';
import { afterNextPaint } from '../ui/yield-to-main';
import {
  type AssetAccount,
  type AssetOverview,
  loadOverview,
  loadValuationHistory,
  type ValuationPoint,
  ASSET_REFRESH_MS,
} from './asset-api';
import { currencyText, unitText } from './asset-format';
import { AssetStates } from './AssetStates';
import { LtrFigures } from './LtrFigures';
import { useAppUsdtRate } from './use-app-usdt-rate';
import { useRead } from '../api/use-read';

/** The chart sits below the figures: its code loads after them, in the space it will take. */
const ValuationChart = lazy(() => import('./ValuationChart').then((module) => ({ default: module.ValuationChart })));
const CHART_PLACE = <div className="asset-chart asset-chart--loading" aria-busy="true" />;
/** The transfer dialog's code loads when it is first opened, not with the page's figures. */
const TransferDialog = lazy(() => import('./TransferDialog').then((module) => ({ default: module.TransferDialog })));

/** The accounts that have their own page; the others are the spec's tabs of areas not built yet. */
const ACCOUNT_PAGES: Partial<Record<AssetAccount, '/asset/spot' | '/asset/futures' | '/asset/margin'>> = {
  spot: '/asset/spot',
  futures: '/asset/futures',
  margin: '/asset/margin',
};

/** An account row to list: one with its own page, or any that holds something. */
function isShownAccount(entry: { account: AssetAccount; usdt: string; btc: string }): boolean {
  return ACCOUNT_PAGES[entry.account] !== undefined || !isZeroDecimal(entry.usdt) || !isZeroDecimal(entry.btc);
}

/** False until the frame after the first one that showed the totals: what waits for it never delays them. */
function useTotalsPainted(isShown: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!isShown || painted) return;
    let live = true;
    void afterNextPaint().then(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, [isShown, painted]);
  return painted;
}

/** `/asset`: the total in the valuation unit and the display currency, the split by account, 30 days of value. */
export function AssetOverviewPage() {
  const t = useT();
  const overview = useRead(loadOverview, { refreshMs: ASSET_REFRESH_MS });
  const history = useRead(loadValuationHistory, { refreshMs: ASSET_REFRESH_MS });
  const display = useAssetDisplay();
  const intl = useIntlTag();
  const [transferOpen, setTransferOpen] = useState(false);
  const totalsPainted = useTotalsPainted(overview.state.status === 'ready');
  const appRate = useAppUsdtRate(display.currency);
  const isSimulation = isSimulationOn();

  const inUnit = (figures: { usdt: string; btc: string }) =>
    display.amountsShown
      ? unitText(display.valuationUnit === 'BTC' ? figures.btc : figures.usdt, display.valuationUnit, intl)
      : HIDDEN_AMOUNT;
  const inCurrency = (data: AssetOverview, usdt: string): ReactNode => {
    if (!display.amountsShown) return HIDDEN_AMOUNT;
    const text = currencyText(usdt, appRate ?? data.rates[display.currency], display.currency, intl);
    return text === null ? '' : <LtrFigures t={t} messageKey="asset.approx" figures={{ amount: text }} />;
  };

  return (
    <AssetStates state={overview.state} onRetry={overview.refresh}>
      {(data, isKept) => {
        const pointText = (point: ValuationPoint) =>
          display.amountsShown
            ? unitText(display.valuationUnit === 'BTC' ? point.btc : point.usdt, display.valuationUnit, intl)
            : HIDDEN_AMOUNT;
        return (
          <div className="asset-overview">
            <div className="asset-card asset-total">
              <div className="asset-total__head">
                <h2 className="asset-total__label">{t('asset.total')}</h2>
                <button
                  type="button"
                  className="asset-quiet-button"
                  aria-pressed={!display.amountsShown}
                  onClick={() => setAmountsShown(!display.amountsShown)}
                  data-testid="hide-balances"
                >
                  {display.amountsShown ? t('asset.hide') : t('asset.show')}
                </button>
              </div>
              <p className="asset-total__figure" data-testid="asset-total">
                <bdi dir="ltr">{inUnit({ usdt: data.totalUsdt, btc: data.totalBtc })}</bdi>
              </p>
              <p className="asset-total__fiat" data-testid="asset-total-fiat">
                {inCurrency(data, data.totalUsdt)}
              </p>
              <div className="asset-total__actions">
                <label className="asset-field">
                  <span>{t('asset.valuationUnit')}</span>
                  <select
                    value={display.valuationUnit}
                    onChange={(event) => setValuationUnit(event.target.value as ValuationUnit)}
                    data-testid="valuation-unit"
                  >
                    <option value="BTC">BTC</option>
                    <option value="USDT">USDT</option>
                  </select>
                </label>
                {/* Simulated money neither comes in from nor goes out to a chain: no deposit or withdraw there. */}
                {!isSimulation && (
                  <>
                    <AppScreenLink
                      screen="coin/recharge"
                      to="/asset/deposit"
                      className="button button--primary button--md"
                      testId="asset-deposit"
                    >
                      {t('asset.deposit.open')}
                    </AppScreenLink>
                    <AppScreenLink
                      screen="coin/withdraw"
                      to="/asset/withdraw"
                      className="button button--secondary button--md"
                      testId="asset-withdraw"
                    >
                      {t('asset.withdraw.open')}
                    </AppScreenLink>
                  </>
                )}
                <Button
                  variant="secondary"
                  onClick={() => setTransferOpen(true)}
                  disabled={isKept}
                  title={isKept ? t('asset.offlineAction') : undefined}
                >
                  {t('asset.transfer.open')}
                </Button>
              </div>
            </div>

            <div className="asset-card">
              <h2 className="asset-card__title">{t('asset.accounts')}</h2>
              <ul className="asset-accounts">
                {/* A product the exchange has not opened here yet (P2P, Earn, Swap, Rewards) is left out while it holds
                    nothing; money anywhere is always shown, by name and figures, without a page to lead to. */}
                {data.accounts.filter(isShownAccount).map((entry) => {
                  const page = ACCOUNT_PAGES[entry.account];
                  const name = t(`asset.account.${entry.account}`);
                  return (
                    <li key={entry.account} className="asset-accounts__row" data-account={entry.account}>
                      {page ? (
                        <Link to={page} className="asset-accounts__name asset-link">
                          {name}
                        </Link>
                      ) : (
                        <span className="asset-accounts__name">{name}</span>
                      )}
                      <span className="asset-accounts__value">
                        <bdi dir="ltr">{inUnit(entry)}</bdi>
                        <small>{inCurrency(data, entry.usdt)}</small>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </div>

            <div className="asset-card">
              {/* The chart comes after the totals: until they are painted, its code waits in its place. Its read is
                  one of the page's, under the page's one offline notice. */}
              <AssetStates state={history.state} onRetry={history.refresh}>
                {(points) => (
                  <Suspense fallback={CHART_PLACE}>
                    {totalsPainted ? <ValuationChart points={points} valueText={pointText} /> : CHART_PLACE}
                  </Suspense>
                )}
              </AssetStates>
            </div>
            {transferOpen && (
              <Suspense fallback={null}>
                <TransferDialog
                  onClose={() => setTransferOpen(false)}
                  onDone={() => {
                    overview.refresh();
                    history.refresh();
                  }}
                />
              </Suspense>
            )}
          </div>
        );
      }}
    </AssetStates>
  );
}
