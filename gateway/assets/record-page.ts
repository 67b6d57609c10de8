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
