import { useEffect } from 'react';
import { dismissFirstPaint } from '../ui/first-paint';
import { loadOverview, loadValuationHistory } from '../asset/asset-api';
import { AssetOverviewPage } from '../asset/AssetOverviewPage';
import { readEarly } from '../api/use-read';
import { useT } from '../i18n/i18n';
import { AppScreenLink } from '../ui/AppScreenLink';
import { AppPageNav } from './AppPageNav';
import '../asset/asset.css';

/** The overview's reads, started by the route beside the session check (see {@link readEarly}). */
export function startAssetReads(): void {
  readEarly(loadOverview);
  readEarly(loadValuationHistory);
}

/**
 * `/trade-asset` (spec §2.1, in-app): the assets overview in the webview's one column (totals, accounts, the 30-day
 * value), its deposit and withdraw opening the app's own screens; the full records open in a webview of their own.
 */
export function AppAssetPage() {
  const t = useT();
  // Leaving the page takes the gateway's first paint with it, whatever its state.
  useEffect(() => dismissFirstPaint, []);
  return (
    <div className="app-page">
      <AppPageNav />
      <section className="asset asset--app" aria-labelledby="app-asset-title">
        <h1 id="app-asset-title" className="asset__title">
          {t('asset.title')}
        </h1>
        <AssetOverviewPage />
        <AppScreenLink screen="web" to="/record/exchange" className="app-page__more asset-link" testId="app-records">
          {t('inApp.orders.history')}
        </AppScreenLink>
      </section>
    </div>
  );
}
