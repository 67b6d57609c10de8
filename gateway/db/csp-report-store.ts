import type { Database } from 'better-sqlite3';

/** A CSP or security report reduced to the columns the gateway keeps. */
export interface CspReport {
  page: string;
  bizType: string;
  event: string;
  reason: string;
  /** The report as received (re-serialised JSON of one report). */
  raw: unknown;
}

/** A stored report with its id and receipt time. */
export interface StoredCspReport extends CspReport {
  id: number;
  receivedAt: number;
}

/** Reads and writes the `csp_reports` table. */
export interface CspReportStore {
  /** Stores reports in one transaction, then drops the oldest beyond the cap. */
  add(reports: readonly CspReport[], receivedAt: number): void;
  /** The newest reports first. */
  list(limit?: number): StoredCspReport[];
  /** How many reports are stored. */
  count(): number;
}

/** Most rows kept, so a noisy or hostile client cannot grow the file without bound. */
const MAX_ROWS = 10_000;

interface ReportRow {
  id: number;
  received_at: number;
  page: string;
  biz_type: string;
  event: string;
  reason: string;
  raw: string;
}

/** Creates the store over an open, migrated database. */
export function createCspReportStore(db: Database): CspReportStore {
  const insert = db.prepare(
    'INSERT INTO csp_reports (received_at, page, biz_type, event, reason, raw) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const prune = db.prepare(
    'DELETE FROM csp_reports WHERE id <= (SELECT id FROM csp_reports ORDER BY id DESC LIMIT 1 OFFSET ?)',
  );
  const select = db.prepare('SELECT * FROM csp_reports ORDER BY id DESC LIMIT ?');
  const countRows = db.prepare('SELECT COUNT(*) AS n FROM csp_reports');
  const addAll = db.transaction((reports: readonly CspReport[], receivedAt: number) => {
    for (const r of reports) insert.run(receivedAt, r.page, r.bizType, r.event, r.reason, JSON.stringify(r.raw));
    prune.run(MAX_ROWS);
  });
  return {
    add: (reports, receivedAt) => addAll(reports, receivedAt),
    list: (limit = 100) =>
      (select.all(limit) as ReportRow[]).map((row) => ({
        id: row.id,
        receivedAt: row.received_at,
        page: row.page,
        bizType: row.biz_type,
        event: row.event,
        reason: row.reason,
        raw: JSON.parse(row.raw) as unknown,
      })),
    count: () => (countRows.get() as { n: number }).n,
  };
}
