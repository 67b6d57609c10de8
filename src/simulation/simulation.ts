import {
  isSimulationFlag,
  isSimulationPath,
  onFlagChangedElsewhere,
  SIMULATION_FLAG_KEY,
  SIMULATION_FUTURES_HOME,
  SIMULATION_SPOT_HOME,
  simulationRedirect,
} from '../../engine/rules/simulation';
import { splitLanguagePrefix, withLanguagePrefix } from '../../engine/rules/route-languages';
import { currentRouteLanguage } from '../i18n/route-language';
import { safeStorage } from '../platform/storage';

/** Whether this browser is in simulation (paper) trading mode (spec §4: a local flag). */
export function isSimulationOn(): boolean {
  return isSimulationFlag(safeStorage.get(SIMULATION_FLAG_KEY));
}

/**
 * Whether a link to `path` (without language prefix) leads where it says: always outside simulation mode; inside it,
 * only to the areas that keep the mode on (any other page would land on the spot simulation page without a word).
 */
export function opensHere(path: string): boolean {
  return !isSimulationOn() || isSimulationPath(path);
}

function localized(path: string): string {
  const language = currentRouteLanguage();
  return language ? withLanguagePrefix(language, path) : path;
}

/**
 * Enters simulation mode (spec §4): the session switches to the account's demo account (its own demo balances,
 * spec §7.5), then the flag is set and the browser goes to the simulation landing page of this market.
 */
export async function enterSimulation(market: 'spot' | 'futures'): Promise<void> {
  const { switchAccount } = await import('../auth/sub-accounts');
  await switchAccount({ userId: null, isDemo: true }, 'trade');
  safeStorage.set(SIMULATION_FLAG_KEY, '1');
  location.assign(localized(market === 'futures' ? SIMULATION_FUTURES_HOME : SIMULATION_SPOT_HOME));
}

/** Leaves simulation mode (spec §4): back to the main account, flag cleared, page reloaded. */
export async function leaveSimulation(): Promise<void> {
  try {
    const { loadFamily, switchAccount } = await import('../auth/sub-accounts');
    const main = (await loadFamily()).find((account) => account.isMain);
    if (main) await switchAccount(main);
  } finally {
    // Leaving never fails: with the session gone (expired, signed out) the flag still clears and the page reloads.
    clearSimulationFlag();
    location.reload();
  }
}

/** Clears the flag without navigating (signing out ends simulation too). */
export function clearSimulationFlag(): void {
  try {
    globalThis.localStorage.removeItem(SIMULATION_FLAG_KEY);
  } catch {
    // Storage may be unavailable (private mode); then the flag was never readable either.
  }
}

/** The path of the current URL without its language prefix. */
function currentPath(): string {
  return splitLanguagePrefix(location.pathname).rest;
}

/**
 * Keeps this tab in step with the flag (spec §4): while on, a path outside the simulation areas goes to the default
 * spot simulation page; a change of the flag in another tab reloads this one or sends it to that page. Returns the
 * function that stops watching.
 */
export function watchSimulation(): () => void {
  const check = () => {
    const to = simulationRedirect(isSimulationOn(), currentPath());
    if (to) location.replace(localized(to));
  };
  check();
  let wasOn = isSimulationOn();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SIMULATION_FLAG_KEY && event.key !== null) return;
    const isOn = isSimulationOn();
    const action = onFlagChangedElsewhere(wasOn, isOn, currentPath());
    wasOn = isOn;
    if (action.kind === 'reload') location.reload();
    else if (action.kind === 'redirect') location.assign(localized(action.to));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Whether a navigation to `path` (without language prefix) is allowed right now; the redirect target otherwise. */
export function simulationTargetFor(path: string): string | null {
  return simulationRedirect(isSimulationOn(), path);
}
