import type { MarketRow } from '../market/market-rows';

/** The columns of the markets table a user can sort by. */
export const MARKET_SORT_COLUMNS = [
  'pair',
  'last',
  'change',
  'high',
  'low',
  'volume',
  'funding',
  'openInterest',
] as const;
export type MarketSortColumn = (typeof MARKET_SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

/** A chosen sort, or null for the market's own order. */
export type MarketSort = { column: MarketSortColumn; dir: SortDirection } | null;

/** Reads `sort` and `dir` from the address: anything unknown means no sort; a column without a direction is ascending. */
export function parseMarketSort(sort: unknown, dir: unknown): MarketSort {
  if (typeof sort !== 'string' || !(MARKET_SORT_COLUMNS as readonly string[]).includes(sort)) return null;
  return { column: sort as MarketSortColumn, dir: dir === 'desc' ? 'desc' : 'asc' };
}

/** The sort after a click on `column`'s header: ascending, then descending, then none. */
export function nextMarketSort(current: MarketSort, column: MarketSortColumn): MarketSort {
  if (current?.column !== column) return { column, dir: 'asc' };
  return current.dir === 'asc' ? { column, dir: 'desc' } : null;
}

function compareMagnitude(a: string, b: string): number {
  const [aInt = '', aFrac = ''] = a.split('.');
  const [bInt = '', bFrac = ''] = b.split('.');
  const aWhole = aInt.replace(/^0+(?=\d)/, '');
  const bWhole = bInt.replace(/^0+(?=\d)/, '');
  if (aWhole.length !== bWhole.length) return aWhole.length - bWhole.length;
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  const width = Math.max(aFrac.length, bFrac.length);
  const aPadded = aFrac.padEnd(width, '0');
  const bPadded = bFrac.padEnd(width, '0');
  return aPadded === bPadded ? 0 : aPadded < bPadded ? -1 : 1;
}

/** Compares two plain decimal strings exactly (no binary floats): negative, zero or positive like `Array.sort` wants. */
export function compareDecimalText(a: string, b: string): number {
  const aNegative = a.startsWith('-') && /[1-9]/.test(a);
  const bNegative = b.startsWith('-') && /[1-9]/.test(b);
  if (aNegative !== bNegative) return aNegative ? -1 : 1;
  const magnitude = compareMagnitude(a.replace(/^-/, ''), b.replace(/^-/, ''));
  return aNegative ? -magnitude : magnitude;
}

/** The figures of a row that a sort reads. */
export type SortableRow = Pick<MarketRow, 'symbol' | 'raw'>;

/** The items in `sort`'s order by their row's raw figures (the pair by its symbol); ties keep the market's order. */
export function sortMarketRows<T>(items: readonly T[], sort: MarketSort, rowOf: (item: T) => SortableRow): T[] {
  if (!sort) return [...items];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const { column } = sort;
  const compare =
    column === 'pair'
      ? (a: SortableRow, b: SortableRow) => (a.symbol === b.symbol ? 0 : a.symbol < b.symbol ? -1 : 1)
      : (a: SortableRow, b: SortableRow) => compareDecimalText(a.raw[column], b.raw[column]);
  return [...items].sort((a, b) => sign * compare(rowOf(a), rowOf(b)));
}
