/** The category tabs of the list, `all` first. */
export const CATEGORY_FILTERS = ['all', 'listing', 'maintenance', 'activity', 'product'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];
