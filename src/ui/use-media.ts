import { useCallback, useSyncExternalStore } from 'react';

/** Spec §9: the mobile layout applies below 768 px. */
export const MOBILE_BREAKPOINT = 768;
/** Below the breakpoint; .98 avoids a gap at fractional widths (zoom, high-DPI). Same value as in the CSS. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a media query matches, kept up to date as the viewport changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** True below the 768 px breakpoint (spec §4 mobile layout). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
