import { useCallback, useRef, useState } from 'react';
import { toCsv } from '../../../engine/format/csv';
import { formatRequestDate } from '../../../engine/rules/request-params';
import type { Reply } from '../../api/request';
import type { RecordPage } from './records-api';

/** Stops an export that would read more than this many rows (a runaway filter, not a real account's year). */
const EXPORT_MAX_ROWS = 100_000;

/**
 * A record's time in an exported file: spec §5's `YYYY-MM-DD HH:mm`, local, the same in every language, so a
 * spreadsheet reads it as a date (the page itself shows times with the locale's own format).
 */
export const csvTime = (ms: string) => formatRequestDate(new Date(Number(ms)));

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; count: number }
  | { status: 'done'; count: number }
  | { status: 'failed'; message: string };

/**
 * Exports every row of a record list under its current filters as CSV: reads page after page (showing the count as
 * it goes, stoppable), then hands the file to the browser. Cells are the list's own texts (`cells`), headers first.
 */
export function useCsvExport<Row>(
  loadPage: (cursor: string | null) => Promise<Reply<RecordPage<Row>>>,
  header: () => string[],
  cells: (row: Row) => string[],
  fileName: () => string,
): { state: ExportState; start(): void; stop(): void } {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const run = useRef(0);

  const start = useCallback(() => {
    const mine = ++run.current;
    setState({ status: 'running', count: 0 });
    void (async () => {
      const lines: string[][] = [header()];
      let cursor: string | null = null;
      try {
        do {
          const reply: Reply<RecordPage<Row>> = await loadPage(cursor);
          if (mine !== run.current) return;
          // Kept pages (offline) may be stale or partial: an export is of the server's records only.
          if (reply.cachedAt !== null) throw new Error('offline');
          for (const row of reply.data.rows) lines.push(cells(row));
          cursor = reply.data.next;
          setState({ status: 'running', count: lines.length - 1 });
        } while (cursor !== null && lines.length <= EXPORT_MAX_ROWS);
      } catch (error) {
        if (mine === run.current)
          setState({
            status: 'failed',
            message: error instanceof Error && error.message !== 'offline' ? error.message : '',
          });
        return;
      }
      // A byte-order mark: spreadsheet apps then read the UTF-8 headers (Japanese, Arabic) as UTF-8.
      const blob = new Blob([`\uFEFF${toCsv(lines)}`], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName();
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ status: 'done', count: lines.length - 1 });
    })();
  }, [loadPage, header, cells, fileName]);

  const stop = useCallback(() => {
    run.current++;
    setState({ status: 'idle' });
  }, []);

  return { state, start, stop };
}
