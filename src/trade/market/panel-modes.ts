import { proxy } from 'valtio';
import type { BookSides } from '../../../engine/market/book-painter';
import { safeStorage } from '../../platform/storage';

/** The order book's view (issue 38, point 4): both sides, or one side with the rows of two. */
export type BookMode = BookSides;

/** What the chart panel shows: the K-line chart or the book's depth. */
export type ChartMode = 'candles' | 'depth';

/** Local-storage keys of the two choices: per device, the same on spot and futures. */
export const BOOK_MODE_KEY = 'book_mode';
export const CHART_MODE_KEY = 'chart_mode';

export const BOOK_MODES: readonly BookMode[] = ['both', 'bids', 'asks'];
export const CHART_MODES: readonly ChartMode[] = ['candles', 'depth'];

/** A stored book view, else both sides. */
export function bookModeOf(value: unknown): BookMode {
  return BOOK_MODES.find((mode) => mode === value) ?? 'both';
}

/** A stored chart view, else the K-line chart. */
export function chartModeOf(value: unknown): ChartMode {
  return CHART_MODES.find((mode) => mode === value) ?? 'candles';
}

/** The trading screens' panel views, as this device last chose them (view state only). */
export const panelModes = proxy({
  book: bookModeOf(safeStorage.get(BOOK_MODE_KEY)),
  chart: chartModeOf(safeStorage.get(CHART_MODE_KEY)),
});

/** Reads the choices kept on this device again (what another tab chose meanwhile). */
export function loadPanelModes(): void {
  const book = bookModeOf(safeStorage.get(BOOK_MODE_KEY));
  const chart = chartModeOf(safeStorage.get(CHART_MODE_KEY));
  // Assigning an equal value would still wake every reader.
  if (panelModes.book !== book) panelModes.book = book;
  if (panelModes.chart !== chart) panelModes.chart = chart;
}

/** Shows the book in `mode` on every trading screen and keeps the choice on this device. */
export function chooseBookMode(mode: BookMode): void {
  if (panelModes.book !== mode) panelModes.book = mode;
  safeStorage.set(BOOK_MODE_KEY, mode);
}

/** Shows the chart panel in `mode` on every trading screen and keeps the choice on this device. */
export function chooseChartMode(mode: ChartMode): void {
  if (panelModes.chart !== mode) panelModes.chart = mode;
  safeStorage.set(CHART_MODE_KEY, mode);
}
