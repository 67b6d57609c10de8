import { SETTING_KEYS } from '../../engine/rules/settings';
import { appBridge, onAppEvent, tellApp } from '../bridge/app-bridge';
import { markSignedOut } from '../session/auth-state';
import { adoptSettingFromApp, setTheme, settingsState } from '../settings/settings';

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
  void restoreSettings();
}

/**
 * From 2.15.0 the app keeps the page's settings (storageSet/storageGet): what it kept wins over the webview's own
 * storage, which the app may have cleared. Below 2.15.0 nothing is asked and local storage stands.
 */
async function restoreSettings(): Promise<void> {
  const bridge = await appBridge();
  if (!bridge.canCall('storageGet')) return;
  const keys = (Object.keys(SETTING_KEYS) as (keyof typeof SETTING_KEYS)[]).filter((key) => key !== 'terminalCode');
  await Promise.all(
    keys.map(async (key) => {
      const answer = await bridge.call<{ value?: unknown }>('storageGet', { key: SETTING_KEYS[key] }).catch(() => null);
      if (answer?.sent && answer.data) adoptSettingFromApp(key, answer.data.value);
    }),
  );
}
