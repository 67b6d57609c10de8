import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { OrderHistoryPage } from '../asset/records/OrderRecordsPage';
import { parseRecordSearch, type RecordSearch } from '../asset/records/record-filters';

/** `/history`: the account's orders across markets, filtered by pair, market and date. */
export const Route = createFileRoute('/history')({
  staticData: { title: 'title.orderHistory' },
  validateSearch: (search: Record<string, unknown>): RecordSearch => parseRecordSearch(search, ['spot', 'futures']),
  loader: () => loadTexts('asset'),
  component: OrderHistoryPage,
});
