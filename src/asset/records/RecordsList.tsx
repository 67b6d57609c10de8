import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo } from 'react';
import { formatRequestDate } from '../../../engine/rules/request-params';
import type { Reply } from '../../api/request';
import { type MessageKey, useT } from '../../i18n/i18n';
import { CoinIcon } from '../../ui/CoinIcon';
import { StateView } from '../../ui/StateView';
import { AssetStates } from '../AssetStates';
import { useCsvExport } from './csv-export';
import { ExportButton } from './ExportButton';
import { type RecordSearch, timeRangeOf } from './record-filters';
import { RecordFiltersBar } from './RecordFiltersBar';
import { EXPORT_PAGE_SIZE, PAGE_SIZE, type RecordFilters, type RecordPage } from './records-api';
import { RecordsPager } from './RecordsPager';
import { useRecordPages } from './use-record-pages';

/** One column of a record list: its header, its cell, and its CSV text (plain: numbers unformatted). */
export interface RecordColumn<Row> {
  label: MessageKey;
  cell(row: Row): ReactNode;
  csv(row: Row): string;
  className?(row: Row): string | undefined;
  /** The coin a cell names, shown with its icon (the coin column). */
  coin?(row: Row): string;
}

export interface RecordsListProps<Row> {
  /** The route the filters live in (its search params). */
  search: RecordSearch;
  load(filters: RecordFilters, cursor: string | null, limit: number): Promise<Reply<RecordPage<Row>>>;
  columns: readonly RecordColumn<Row>[];
  rowKey(row: Row): string;
  /** The export's file name before its date: `transactions` → `transactions-2026-11-26.csv`. */
  fileName: string;
  testId: string;
  coinLabel?: MessageKey;
  coinHint?: MessageKey;
  kinds?: readonly { value: string; label: MessageKey }[];
  anyKind?: MessageKey;
  kindLabel?: MessageKey;
}

/**
 * A record list: filters kept in the address bar, one cursor page at a time with Previous and Next, CSV export of
 * every row under the filters, and the states (signed out, loading, failed, offline with the kept page, empty).
 */
export function RecordsList<Row>(props: RecordsListProps<Row>) {
  const { search, load, columns, rowKey } = props;
  const t = useT();
  const navigate = useNavigate();
  const range = timeRangeOf(search);
  const from = range?.from;
  const to = range?.to;
  const isBackwards = range === null;
  const filters = useMemo<RecordFilters | null>(
    () => (isBackwards ? null : { coin: search.coin, kind: search.kind, from, to }),
    [search.coin, search.kind, from, to, isBackwards],
  );
  const pages = useRecordPages(
    JSON.stringify(filters),
    useCallback((cursor: string | null) => load(filters ?? {}, cursor, PAGE_SIZE), [load, filters]),
  );
  const exportCsv = useCsvExport(
    useCallback((cursor: string | null) => load(filters ?? {}, cursor, EXPORT_PAGE_SIZE), [load, filters]),
    useCallback(() => columns.map((column) => t(column.label)), [columns, t]),
    useCallback((row: Row) => columns.map((column) => column.csv(row)), [columns]),
    useCallback(() => `${props.fileName}-${formatRequestDate(new Date()).slice(0, 10)}.csv`, [props.fileName]),
  );
  const view = pages.state;

  return (
    <div className="asset-card">
      <div className="records__bar">
        <RecordFiltersBar
          search={search}
          onChange={(next) =>
            // The list's own filters change; other search params of the page (its tab) stay.
            void navigate({
              to: '.',
              search: (prev: Record<string, unknown>) => ({ ...otherParams(prev), ...next }),
              replace: true,
            })
          }
          kinds={props.kinds}
          anyKind={props.anyKind}
          kindLabel={props.kindLabel}
          coinLabel={props.coinLabel}
          coinHint={props.coinHint}
          rangeError={range === null}
        />
        <ExportButton
          state={exportCsv.state}
          disabled={view.status !== 'ready' || view.keptAt !== null || range === null}
          onStart={exportCsv.start}
          onStop={exportCsv.stop}
        />
      </div>
      <AssetStates state={view} onRetry={pages.retry}>
        {(data) =>
          data.rows.length === 0 ? (
            <StateView state="empty" message={t('asset.records.empty')} />
          ) : (
            <>
              <div className="asset-table__scroll">
                <table className="asset-table records__table" data-testid={props.testId}>
                  <thead>
                    <tr>
                      {columns.map((column) => (
                        <th key={column.label} scope="col">
                          {t(column.label)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={rowKey(row)}>
                        {columns.map((column, index) =>
                          index === 0 ? (
                            <th key={column.label} scope="row">
                              {cellOf(column, row)}
                            </th>
                          ) : (
                            <td key={column.label} data-label={t(column.label)} className={column.className?.(row)}>
                              {cellOf(column, row)}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <RecordsPager
                page={pages.page}
                hasNext={data.next !== null}
                onPrevious={pages.previous}
                onNext={pages.next}
              />
            </>
          )
        }
      </AssetStates>
    </div>
  );
}

/** A column's cell, with the coin's icon before it in the coin column. */
function cellOf<Row>(column: RecordColumn<Row>, row: Row): ReactNode {
  if (!column.coin) return column.cell(row);
  return (
    <>
      <CoinIcon coin={column.coin(row)} size={20} /> {column.cell(row)}
    </>
  );
}

const FILTER_KEYS: readonly string[] = ['coin', 'kind', 'from', 'to'] satisfies (keyof RecordSearch)[];

function otherParams(search: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(search).filter(([key]) => !FILTER_KEYS.includes(key)));
}
