/** The records' filters as the address bar keeps them (so a reload or a shared link shows the same rows). */
export interface RecordSearch {
  coin?: string;
  kind?: string;
  /** Days as `YYYY-MM-DD` (local), inclusive. */
  from?: string;
  to?: string;
}

const COIN = /^[A-Z0-9]{1,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from a URL's search, dropping anything malformed (a hand-edited link loses only that filter). */
export function parseRecordSearch(search: Record<string, unknown>, kinds: readonly string[]): RecordSearch {
  // Every key is named, if only as undefined: a route's search is laid over what the routes above it let through,
  // so a malformed value left out here would still reach the page from there.
  const out: RecordSearch = { coin: undefined, kind: undefined, from: undefined, to: undefined };
  if (typeof search.coin === 'string' && COIN.test(search.coin)) out.coin = search.coin;
  if (typeof search.kind === 'string' && kinds.includes(search.kind)) out.kind = search.kind;
  for (const key of ['from', 'to'] as const) {
    const value = search[key];
    if (typeof value === 'string' && DAY.test(value) && dayStart(value) !== null) out[key] = value;
  }
  return out;
}

/** Local midnight of a `YYYY-MM-DD` day in ms, or null for a day that does not exist (2026-02-30). */
export function dayStart(day: string): number | null {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date);
  return start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date
    ? start.getTime()
    : null;
}

/** The last ms of a local day. */
export function dayEnd(day: string): number | null {
  const start = dayStart(day);
  if (start === null) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + 1).getTime() - 1;
}

/** The gateway's time filters of the search: ms bounds, or null when the range is backwards. */
export function timeRangeOf(search: RecordSearch): { from?: number; to?: number } | null {
  const from = search.from ? (dayStart(search.from) ?? undefined) : undefined;
  const to = search.to ? (dayEnd(search.to) ?? undefined) : undefined;
  if (from !== undefined && to !== undefined && from > to) return null;
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}
