/**
 * The script the gateway puts first in the app's page when the dev app shell frames it (local mode only), served
 * same-origin as `/dev/app-shell/host.js` because the CSP forbids inline script. It plays the native app's side
 * inside the page (contracts/bridge.md §1): the user agent with `ExchangeApp/<version>` and the platform's transport,
 * which hands every message to the shell around the frame. Anywhere else (a tab, a frame of another page, a tag
 * without a valid `data-app`) it does nothing. No DOM writes, so Trusted Types never see it.
 */
export const APP_SHELL_HOST_SCRIPT = `// Dev app shell: plays the native app inside the framed page (gateway/dev/app-shell-host.ts).
(() => {
  'use strict';
  const tag = document.currentScript;
  const match = /^(android|ios):(\\d{1,4}\\.\\d{1,4}\\.\\d{1,4})$/.exec((tag && tag.dataset.app) || '');
  if (!match || window.parent === window) return;
  let shell;
  try {
    // Reading the parent's location throws for a parent of another origin: then this is no shell's frame.
    if (parent.location.origin !== location.origin || parent.location.pathname !== '/dev/app-shell') return;
    shell = parent.__appShell;
  } catch {
    return;
  }
  if (!shell || typeof shell.receive !== 'function') return;
  const platform = match[1];
  const version = match[2];
  // Realistic webview user agents of each platform, with the app's marker at the end as the apps add it.
  const userAgent =
    platform === 'android'
      ? 'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 ExchangeApp/' + version
      : 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Mobile/15E148 ExchangeApp/' + version;
  Object.defineProperty(navigator, 'userAgent', { get: () => userAgent, configurable: true });
  // One object per page load: the shell answers only the load that asked (a reply for a page gone is dropped).
  const host = Object.freeze({ platform, version });
  Object.defineProperty(window, '__appShellHost', { value: host });
  if (platform === 'android') {
    // A Java interface: it takes a string (what is not one arrives as its text).
    window.AppBridge = { postMessage: (message) => shell.receive(String(message), host) };
  } else {
    // A WebKit message handler: it takes a copy of the object, and refuses what cannot be copied.
    window.webkit = {
      messageHandlers: { AppBridge: { postMessage: (message) => shell.receive(structuredClone(message), host) } },
    };
  }
})();
`;
