import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { parseRecordSearch, type RecordSearch } from '../asset/records/record-filters';
import { BILL_KINDS } from '../asset/records/record-kinds';
import { TransacPage } from '../asset/records/TransacPage';

/** `/transac` (and `/{lang}/transac`): every balance change of the account. */
export const Route = createFileRoute('/transac')({
  staticData: { title: 'title.transac' },
  validateSearch: (search: Record<string, unknown>): RecordSearch => parseRecordSearch(search, BILL_KINDS),
  loader: () => loadTexts('asset'),
  component: TransacPage,
});
