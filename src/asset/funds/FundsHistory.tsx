import type { ReactNode } from 'react';
import { formatDateTime } from '../../../engine/format/date-time';
import { type MessageKey, useIntlTag, useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { coinAmount } from '../asset-format';
import { AssetStates } from '../AssetStates';
import type { RecordPage } from '../records/records-api';
import type { ReadState } from '../../api/read-state';

/** What a deposit or a withdrawal row shows in common. */
interface FundsRow {
  id: string;
  cTime: string;
  amount: string;
  coin: string;
  status: string;
}

/**
 * The latest deposits or withdrawals under their title: time, amount, an optional detail (the address), and the
 * state in words, done (credited, completed) or still moving. `data-status` carries the state for tests. "None yet"
 * is said only of a real empty answer: offline with nothing kept, the history says it cannot be loaded.
 */
export function FundsHistory<Row extends FundsRow>({
  title,
  empty,
  view,
  onRetry,
  testId,
  isDone,
  statusText,
  detail,
}: {
  title: MessageKey;
  empty: MessageKey;
  view: ReadState<RecordPage<Row>>;
  onRetry(): void;
  testId: string;
  isDone(row: Row): boolean;
  statusText(row: Row): string;
  detail?(row: Row): ReactNode;
}) {
  const t = useT();
  const intl = useIntlTag();
  return (
    <>
      <h3 className="funds__subtitle">{t(title)}</h3>
      <AssetStates state={view} onRetry={onRetry} offlineText={t('asset.historyOffline')}>
        {(page) =>
          page.rows.length === 0 ? (
            <StateView state="empty" message={t(empty)} />
          ) : (
            <ul className="funds__list" data-testid={testId}>
              {page.rows.map((row) => (
                <li key={row.id} data-status={row.status}>
                  <span>
                    <bdi dir="auto">{formatDateTime(row.cTime, intl)}</bdi>
                  </span>
                  <span>
                    <bdi dir="ltr">{coinAmount(row.amount, row.coin, intl)}</bdi> {row.coin}
                  </span>
                  {detail && <span>{detail(row)}</span>}
                  <span className={isDone(row) ? 'records__in' : 'funds__pending'}>{statusText(row)}</span>
                </li>
              ))}
            </ul>
          )
        }
      </AssetStates>
    </>
  );
}
