import {
  type ChartPreference,
  chartPreferenceOf,
  parseChartPreferences,
  serializeChartPreferences,
  withChartPreference,
} from '../../engine/rules/chart-preferences';
import { safeStorage } from '../platform/storage';

/** Local-storage key of the chart's per-symbol memory (engine/rules/chart-preferences.ts). */
export const CHART_PREFERENCES_KEY = 'chart_preferences';

/** A symbol's chart preference (key from `chartPreferenceKey`), else the default. */
export function loadChartPreference(key: string | null): ChartPreference {
  return chartPreferenceOf(parseChartPreferences(safeStorage.get(CHART_PREFERENCES_KEY)), key);
}

/**
 * Keeps a symbol's chart preference. The stored text is read again first, so what another tab kept for other symbols
 * stays; a full or missing storage keeps it for this page only.
 */
export function saveChartPreference(key: string | null, preference: ChartPreference): void {
  if (key === null) return;
  const stored = parseChartPreferences(safeStorage.get(CHART_PREFERENCES_KEY));
  safeStorage.set(CHART_PREFERENCES_KEY, serializeChartPreferences(withChartPreference(stored, key, preference)));
}
