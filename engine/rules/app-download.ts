/**
 * The `/download` page's rules: the app's store links (build settings, with the exchange's public store pages as
 * the defaults) and the deep link that opens in the app the web page one came from (spec §2.1 paths → §2.2 links).
 */
import type { DeepLinkPath } from './deep-links';
import { splitLanguagePrefix } from './route-languages';

/**
 * Where the app is listed: build settings (VITE_APP_STORE_URL, VITE_PLAY_STORE_URL) name the app's own pages; until
 * a build sets them, the stores' front pages.
 */
export const DEFAULT_STORE_LINKS = {
  appStore: 'https://www.apple.com/app-store/',
  googlePlay: 'https://play.google.com/store/apps',
} as const;

/** A store link a build may set: an https URL of printable characters, else the default. */
export function storeLinkOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^https:\/\/[\w.-]+(?::\d{1,5})?(?:\/[\x21-\x7e]*)?$/.test(value)
    ? value
    : fallback;
}

/** A deep link's path and query, for {@link buildDeepLink}. */
export interface DeepLinkTarget {
  path: DeepLinkPath;
  query: Record<string, string>;
}

const SYMBOL = /^[A-Z0-9]{2,20}$/;

/**
 * The app screen that shows what a web page shows: the asset tabs, deposit and withdrawal, the address book, a spot
 * or futures pair, the API keys; the app's home for anything else (and for anything malformed). The language prefix
 * does not matter: the app speaks the user's language.
 */
export function deepLinkTargetOf(from: string): DeepLinkTarget {
  const home: DeepLinkTarget = { path: 'home/home', query: {} };
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.length > 200) return home;
  const { rest: path } = splitLanguagePrefix(from.split(/[?#]/)[0] ?? '/');
  const parts = path.split('/').filter(Boolean);
  const [first, second, third, fourth] = parts;
  if (first === 'asset') {
    if (parts.length === 1) return { path: 'home/asset', query: { type: 'overview' } };
    if (second === 'spot' && parts.length === 2) return { path: 'home/asset', query: { type: 'spot' } };
    if (second === 'futures' && parts.length === 2) return { path: 'home/asset', query: { type: 'contract' } };
    if (second === 'deposit') return { path: 'coin/recharge', query: {} };
    if (second === 'withdraw') return { path: 'coin/withdraw', query: {} };
    if (second === 'address') return { path: 'settings/address', query: {} };
    return { path: 'home/asset', query: { type: 'overview' } };
  }
  if (first === 'spot' && second && SYMBOL.test(second) && parts.length === 2)
    return { path: 'home/coin', query: { symbol: second } };
  if (first === 'futures' && second === 'usdt' && third && SYMBOL.test(third) && fourth === undefined)
    return { path: 'home/contract', query: { symbolId: third } };
  if (first === 'transac') return { path: 'home/asset', query: { type: 'overview' } };
  if (first === 'account' && second === 'newapi') return { path: 'user/apikey', query: {} };
  return home;
}
