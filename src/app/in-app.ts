import { onAppEvent, tellApp } from '../bridge/app-bridge';
import { markSignedOut } from '../session/auth-state';
import { setTheme, settingsState } from '../settings/settings';

/**
 * What the native app changes on a page (contracts/bridge.md §2, issue "Inside the native app"), started once per
 * load inside the app: the app's sign-out signs the page out, the app's theme becomes the page's, and the app's
 * title bar starts in the page's theme. Outside the app this module is never loaded.
 */
export function startInApp(): void {
  onAppEvent('logout', () => markSignedOut());
  onAppEvent('theme', (data) => {
    if ((data.theme === 'light' || data.theme === 'dark') && data.theme !== settingsState.theme) setTheme(data.theme);
  });
  tellApp('setTitleBarTheme', { theme: settingsState.theme });
}
