import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { MarketKind } from '../../engine/market/market-rows';
import {
  FAVOURITES_KEY,
  type FavouriteToggle,
  favouriteId,
  parseFavourites,
  toggleFavourite,
} from '../../engine/rules/favourites';
import { safeStorage } from '../platform/storage';

/** The favourite markets (ids as `engine/rules/favourites.ts` writes them), shared by the markets page and the pair switcher. */
export const favouritesState = proxy({ ids: parseFavourites(safeStorage.get(FAVOURITES_KEY)) });

/** Stars or unstars one market and stores the list; a full list or an unknown id changes nothing. */
export function toggleFavouriteMarket(kind: MarketKind, symbol: string): FavouriteToggle {
  const result = toggleFavourite(favouritesState.ids, favouriteId(kind, symbol));
  if (!result.ok) return result;
  favouritesState.ids = result.list;
  safeStorage.set(FAVOURITES_KEY, JSON.stringify(result.list));
  return result;
}

let listeners = 0;
const onStorage = (event: StorageEvent) => {
  // Another tab starred or unstarred a market; a cleared storage (key null) empties the list too.
  if (event.key !== FAVOURITES_KEY && event.key !== null) return;
  favouritesState.ids = parseFavourites(event.key === null ? null : event.newValue);
};

/** The favourite ids, kept in step with other tabs (the `storage` event) while a component shows them. */
export function useFavourites(): readonly string[] {
  useEffect(() => {
    if (listeners++ === 0) window.addEventListener('storage', onStorage);
    return () => {
      if (--listeners === 0) window.removeEventListener('storage', onStorage);
    };
  }, []);
  return useSnapshot(favouritesState).ids;
}
