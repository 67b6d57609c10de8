import { useMemo } from 'react';
import type { MarketKind, MarketRow } from '../../engine/market/market-rows';
import { favouriteId, parseFavouriteId } from '../../engine/rules/favourites';
import { useFavourites } from '../settings/favourites';
import { type MarketsPolling, type MarketsView, useMarkets } from './use-markets';

/** The lists a user can pick: one market, or the favourites of both. */
export type MarketsTab = MarketKind | 'favourites';

/** One row of a list, with the market it belongs to (a favourites list mixes both). */
export interface ListedMarket {
  kind: MarketKind;
  /** The favourite id, unique across both markets. */
  id: string;
  row: MarketRow;
}

/** What a list of markets shows: rows in the market's (or the favourites') order and the state of the data. */
export interface MarketListView {
  status: MarketsView['status'];
  rows: ListedMarket[];
  updatedText: string;
  stale: boolean;
  /** The rows are the last prices the service worker kept: the page is offline, showing them as of `updatedText`. */
  isCached: boolean;
  failure: MarketsView['failure'];
  isOffline: boolean;
  retry(): void;
}

function listed(kind: MarketKind, rows: readonly MarketRow[]): ListedMarket[] {
  return rows.map((row) => ({ kind, id: favouriteId(kind, row.symbol), row }));
}

/**
 * The rows of one tab, from the market worker: a market tab polls that market, the favourites tab polls only the
 * markets that hold a favourite. Nothing polls while `enabled` is false.
 */
export function useMarketList(tab: MarketsTab, intl: string, polling: MarketsPolling = {}): MarketListView {
  const favourites = useFavourites();
  const enabled = polling.enabled ?? true;
  const wants = (kind: MarketKind) =>
    tab === kind || (tab === 'favourites' && favourites.some((id) => parseFavouriteId(id)?.kind === kind));
  const spot = useMarkets('spot', intl, { ...polling, enabled: enabled && wants('spot') });
  const futures = useMarkets('futures', intl, { ...polling, enabled: enabled && wants('futures') });

  const rows = useMemo(() => {
    if (tab === 'spot') return listed('spot', spot.frame?.rows ?? []);
    if (tab === 'futures') return listed('futures', futures.frame?.rows ?? []);
    const byId = new Map(
      [...listed('spot', spot.frame?.rows ?? []), ...listed('futures', futures.frame?.rows ?? [])].map((item) => [
        item.id,
        item,
      ]),
    );
    return favourites.flatMap((id) => byId.get(id) ?? []);
  }, [tab, spot.frame, futures.frame, favourites]);

  const views =
    tab === 'spot'
      ? [spot]
      : tab === 'futures'
        ? [futures]
        : [spot, futures].filter((_, i) => wants(i === 0 ? 'spot' : 'futures'));
  const status: MarketsView['status'] =
    views.length === 0 || views.every((view) => view.status === 'ready')
      ? 'ready'
      : views.some((view) => view.status === 'loading')
        ? 'loading'
        : views.some((view) => view.status === 'ready')
          ? 'ready'
          : 'error';
  const frames = views.flatMap((view) => (view.frame ? [view.frame] : []));
  const failed = views.find((view) => view.failure !== null);
  return {
    status,
    rows,
    updatedText: frames[0]?.updatedText ?? '',
    stale: frames.some((frame) => frame.stale),
    isCached: frames.some((frame) => frame.isCached),
    failure: failed?.failure ?? null,
    isOffline: spot.isOffline,
    retry: () => {
      for (const view of views) view.retry();
    },
  };
}
