import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { parseRecordSearch, type RecordSearch } from '../asset/records/record-filters';
import { SpotRecordsPage } from '../asset/records/OrderRecordsPage';
import { ORDER_STATUSES } from '../asset/records/record-kinds';

/** `/record/exchange`: spot orders (`?view=fills`: their fills), filtered by pair, status or side, and date. */
export const Route = createFileRoute('/record/exchange')({
  staticData: { title: 'title.spotRecords' },
  validateSearch: (search: Record<string, unknown>): RecordSearch & { view?: 'fills' } => {
    const isFills = search.view === 'fills';
    return {
      ...parseRecordSearch(search, isFills ? ['buy', 'sell'] : ORDER_STATUSES),
      ...(isFills ? { view: 'fills' as const } : {}),
    };
  },
  loader: () => loadTexts('asset'),
  component: SpotRecordsPage,
});
