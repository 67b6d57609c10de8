import type { MarketKind } from '../market/market-rows';

/** Local-storage key of the favourite markets (one JSON array of ids, see `favouriteId`). */
export const FAVOURITES_KEY = 'global_favourites';

/** The most favourites kept: a list the markets page and the pair switcher can always show whole. */
export const MAX_FAVOURITES = 100;

/** The suffix of each market in a favourite id, as the spec writes its default symbols (`BTCUSDT_SPBL`). */
const SUFFIX: Record<MarketKind, string> = { spot: '_SPBL', futures: '_UMCBL' };

const ID = /^([A-Z0-9]{2,20})_(SPBL|UMCBL)$/;

/** One favourite market as stored: `BTCUSDT_SPBL` for spot, `BTCUSDT_UMCBL` for the USDT-M perpetual (spec §3 symbols). */
export function favouriteId(kind: MarketKind, symbol: string): string {
  return `${symbol}${SUFFIX[kind]}`;
}

/** Reads a favourite id back into its market and symbol, or null when it is not one. */
export function parseFavouriteId(id: string): { kind: MarketKind; symbol: string } | null {
  const match = ID.exec(id);
  if (!match?.[1]) return null;
  return { kind: match[2] === 'SPBL' ? 'spot' : 'futures', symbol: match[1] };
}

/**
 * Reads the stored favourites: a malformed entry drops only itself, a repeated one is kept once, the list stops at
 * `MAX_FAVOURITES`, and storage that is not a JSON array reads as no favourites (it never throws).
 */
export function parseFavourites(raw: string | null): string[] {
  if (raw === null || raw.length > 64 * 1024) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  for (const item of value) {
    if (seen.size >= MAX_FAVOURITES) break;
    if (typeof item === 'string' && parseFavouriteId(item)) seen.add(item);
  }
  return [...seen];
}

/** The outcome of starring or unstarring one market. */
export type FavouriteToggle =
  | { ok: true; list: string[]; isFavourite: boolean }
  | { ok: false; reason: 'full' | 'bad-id' };

/** Adds a market to the favourites (at the end) or removes it; refuses an unknown id or a full list. */
export function toggleFavourite(list: readonly string[], id: string): FavouriteToggle {
  if (!parseFavouriteId(id)) return { ok: false, reason: 'bad-id' };
  if (list.includes(id)) return { ok: true, list: list.filter((item) => item !== id), isFavourite: false };
  if (list.length >= MAX_FAVOURITES) return { ok: false, reason: 'full' };
  return { ok: true, list: [...list, id], isFavourite: true };
}
