/**
 * Simulation (paper) trading mode (spec §2.1, §4): which paths may keep the mode on, where it lands, and what a
 * page must do when the flag changes. Paths here are without the language prefix (see locales.ts).
 */

/** Local-storage key of the simulation flag; "1" means on, anything else (or nothing) off. */
export const SIMULATION_FLAG_KEY = 'global_simulation';

/** Default simulation landing pages (spec §2.1). */
export const SIMULATION_SPOT_HOME = '/spot/BTCUSDT';
export const SIMULATION_FUTURES_HOME = '/futures/usdt/BTCUSDT';

/** Areas the spec marks "(exact)": the path itself only. */
export const SIMULATION_EXACT_PATHS: readonly string[] = [
  '/fee',
  '/vip/detail',
  '/vip/vipIntroduce',
  '/asset',
  '/asset/spot',
  '/asset/margin',
  '/asset/futures',
  '/subaccount/setting',
  '/modifyverification',
  '/download',
  '/proof-of-reserves',
  '/protection-fund',
];

/**
 * The other areas: any path that starts with the text, literally as the spec lists them (so `/transac` covers
 * `/transaction`, and `/spot/` needs the slash, leaving `/spotlight` out).
 */
export const SIMULATION_PREFIXES: readonly string[] = [
  '/account/setting',
  '/account/newapi',
  '/account/sub-account',
  '/spot/',
  '/futures/',
  '/transac',
  '/order/marginOrderInfo',
  '/order/mcp',
  '/record/exchange',
  '/record/margin',
  '/record/mcp',
  '/subaccount/setting/antiphishing',
  '/devices',
  '/history',
  '/api',
  '/trade-spot',
  '/trade-margin',
  '/trade-swap',
  '/trade-info',
  '/trade-asset-order',
  '/trade-asset',
];

/** True when simulation mode may stay on at `path` (spec §2.1: exact areas match whole, the rest by prefix). */
export function isSimulationPath(path: string): boolean {
  // A trailing slash on an exact area ("/fee/") is the same page to a reader; the query and hash never count.
  const bare = path.replace(/[?#].*$/, '');
  const exact = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  return SIMULATION_EXACT_PATHS.includes(exact) || SIMULATION_PREFIXES.some((prefix) => bare.startsWith(prefix));
}

/** Reads the stored flag; only the exact text "1" turns the mode on. */
export function isSimulationFlag(value: string | null | undefined): boolean {
  return value === '1';
}

/** Where a page with the mode on must go: null to stay, else the default spot simulation page (spec §4). */
export function simulationRedirect(isOn: boolean, path: string): string | null {
  if (!isOn || isSimulationPath(path)) return null;
  return SIMULATION_SPOT_HOME;
}

/** What a tab does when another tab changed the flag (spec §4): reload in place, or go to the default spot page. */
export type FlagChangeAction = { kind: 'none' } | { kind: 'reload' } | { kind: 'redirect'; to: string };

/** The action for a flag change seen from another tab, given this tab's path. */
export function onFlagChangedElsewhere(wasOn: boolean, isOn: boolean, path: string): FlagChangeAction {
  if (wasOn === isOn) return { kind: 'none' };
  // Turned on elsewhere: a page that cannot run in simulation goes to the default spot page; others reload as demo.
  if (isOn && !isSimulationPath(path)) return { kind: 'redirect', to: SIMULATION_SPOT_HOME };
  return { kind: 'reload' };
}
