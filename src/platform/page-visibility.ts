/**
 * Whether the page is seen: the browser's visibility, and inside the native app also the app's own word
 * (`webVisible`, contracts/bridge.md §2), since an app can cover its webview with a native screen while the browser
 * still calls the page visible. Polls and refreshes pause while hidden and catch up when seen again.
 */
let hiddenByApp = false;
const listeners = new Set<() => void>();

const documentHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/** True while the user cannot see the page. */
export function isPageHidden(): boolean {
  return hiddenByApp || documentHidden();
}

/** True while the native app says its webview is covered (`webVisible` false); always false outside the app. */
export function isHiddenByApp(): boolean {
  return hiddenByApp;
}

/** Calls `listener` whenever the page may have been hidden or shown; returns the function that stops it. */
export function onPageVisibility(listener: () => void): () => void {
  listeners.add(listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    listeners.delete(listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

/** The app's `webVisible` event: the webview was covered (false) or shown again (true). */
export function setVisibleInApp(visible: boolean): void {
  if (hiddenByApp === !visible) return;
  hiddenByApp = !visible;
  for (const listener of [...listeners]) listener();
}
