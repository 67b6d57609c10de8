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
  /**
   * Stores one sender's reports in one transaction, keeping its newest MAX_ROWS_PER_SOURCE and, beyond MAX_ROWS in all,
   * dropping the oldest of whichever sender holds the most, so a flood only ever pushes out the flood.
   */
  add(reports: readonly CspReport[], receivedAt: number, source: string): void;
  /** The newest reports first. */
  list(limit?: number): StoredCspReport[];
  /** How many reports are stored. */
  count(): number;
}

/** Most rows kept, so a noisy or hostile client cannot grow the file without bound. */
export const MAX_ROWS = 10_000;
/** Most rows one sender (address scope) keeps: a twentieth of the store, far more than honest pages ever send. */
export const MAX_ROWS_PER_SOURCE = 500;

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
    'INSERT INTO csp_reports (received_at, page, biz_type, event, reason, raw, source) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const pruneSource = db.prepare(
    'DELETE FROM csp_reports WHERE source = ? AND id <= (SELECT id FROM csp_reports WHERE source = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
  );
  // Ties go against the sender whose rows started first.
  const largest = db.prepare(
    'SELECT source, COUNT(*) AS n FROM csp_reports GROUP BY source ORDER BY n DESC, MIN(id) LIMIT 1',
  );
  const dropOldest = db.prepare(
    'DELETE FROM csp_reports WHERE id IN (SELECT id FROM csp_reports WHERE source = ? ORDER BY id LIMIT ?)',
  );
  const select = db.prepare('SELECT * FROM csp_reports ORDER BY id DESC LIMIT ?');
  const countRows = db.prepare('SELECT COUNT(*) AS n FROM csp_reports');
  const count = () => (countRows.get() as { n: number }).n;
  const addAll = db.transaction((reports: readonly CspReport[], receivedAt: number, source: string) => {
    for (const r of reports) {
      insert.run(receivedAt, r.page, r.bizType, r.event, r.reason, JSON.stringify(r.raw), source);
    }
    pruneSource.run(source, source, MAX_ROWS_PER_SOURCE);
    for (let excess = count() - MAX_ROWS; excess > 0; ) {
      const top = largest.get() as { source: string; n: number };
      const dropped = Math.min(excess, top.n);
      dropOldest.run(top.source, dropped);
      excess -= dropped;
    }
  });
  return {
    add: (reports, receivedAt, source) => addAll(reports, receivedAt, source),
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
    count,
  };
}
