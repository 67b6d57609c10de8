import type { Database, Statement } from 'better-sqlite3';
/** A page of records, newest first, and the cursor of the next page (null on the last). */
export interface RecordPage<T> {
  rows: T[];
  next: number | null;
}

/** Which page of a user's records: only those older than the cursor `before` (a seq), at most `limit`. */
export interface PageQuery {
  before?: number;
  limit: number;
}

/**
 * Cuts rows read newest first with one row beyond `limit` into a page: the next cursor is the last row's seq when
 * the extra row shows there is more, else null, so a full last page never leads to an empty one.
 */
export function pageOf<T>(rows: readonly T[], limit: number, seqOf: (row: T) => number): RecordPage<T> {
  if (rows.length <= limit) return { rows: [...rows], next: null };
  const page = rows.slice(0, limit);
  return { rows: page, next: seqOf(page[page.length - 1]!) };
}

/** The page's wire form: its rows as `view` shows them and the cursor as a string. */
export function pageView<T, V>(page: RecordPage<T>, view: (row: T) => V): { rows: V[]; next: string | null } {
  return { rows: page.rows.map(view), next: page.next === null ? null : String(page.next) };
}

/**
 * Reads one page of a user's rows of `table` (deposits, withdrawals), optionally of one coin, newest first, on the
 * table's `<table>_user` or `<table>_user_coin` index (named: SQLite would otherwise pick a plan that sorts). One
 * prepared statement per query shape, kept in `statements`.
 */
export function userCoinRows<Row>(
  db: Database,
  statements: Map<string, Statement>,
  table: 'asset_deposits' | 'asset_withdrawals',
  userId: string,
  query: PageQuery & { coin?: string },
): Row[] {
  const where = ['user_id = @user'];
  if (query.coin !== undefined) where.push('coin = @coin');
  if (query.before !== undefined) where.push('seq < @before');
  const index = query.coin === undefined ? `${table}_user` : `${table}_user_coin`;
  const sql = `SELECT * FROM ${table} INDEXED BY ${index} WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @take`;
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  const params: Record<string, string | number> = { user: userId, take: query.limit + 1 };
  if (query.coin !== undefined) params.coin = query.coin;
  if (query.before !== undefined) params.before = query.before;
  return statement.all(params) as Row[];
}
