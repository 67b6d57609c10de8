import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { AppAssetPage } from '../in-app/AppAssetPage';

/** `/trade-asset` (spec §2.1, in-app): the assets overview for a 360 px webview. */
export const Route = createFileRoute('/trade-asset')({
  staticData: { title: 'title.assets' },
  loader: () => {
    // The figures' reads start with the page's code (named in its HTML), beside the session check, not after it.
    void import('../in-app/AppAssetPage').then((m) => m.startAssetReads());
    return Promise.all([loadTexts('asset'), loadTexts('app')]);
  },
  component: AppAssetPage,
});
