import { createFileRoute } from '@tanstack/react-router';
import { DownloadPage } from '../app/DownloadPage';
import { loadTexts } from '../i18n/i18n';

/** Where the visitor came from, kept only when it is a path of this site (the deep link is built from it). */
export interface DownloadSearch {
  from?: string;
}

/** `/download` (and `/{lang}/download`, spec §2.1): the app's store links and a QR code into the app. */
export const Route = createFileRoute('/download')({
  staticData: { title: 'title.download' },
  validateSearch: (search: Record<string, unknown>): DownloadSearch =>
    typeof search.from === 'string' && /^\/[\w/.-]{0,200}$/.test(search.from) && !search.from.startsWith('//')
      ? { from: search.from }
      : {},
  loader: () => loadTexts('app'),
  component: DownloadPage,
});
