import type { ForwardedRequest, ForwardFailure } from '../../engine/rules/bridge';
import { setVisibleInApp } from '../platform/page-visibility';
import type { Bridge, BridgeWindow } from './bridge';

/**
 * The page's one bridge, loaded only inside the app: outside it (every web visit) the check below is a user-agent
 * test and the bridge's code is never downloaded. The first script (boot.js) keeps what the app sends until then.
 */
let loading: Promise<Bridge> | null = null;

/** Whether the page may be inside the app: the version marker and a transport (contracts/bridge.md §1). */
export function mayBeInApp(win: BridgeWindow = window as unknown as BridgeWindow): boolean {
  return (
    /\bExchangeApp\/\d/.test(win.navigator.userAgent) &&
    (typeof win.AppBridge?.postMessage === 'function' ||
      typeof win.webkit?.messageHandlers?.AppBridge?.postMessage === 'function')
  );
}

/** The bridge, created on first use (inside the app), with the app's visibility followed from then on. */
export function appBridge(): Promise<Bridge> {
  loading ??= import('./bridge').then(({ createBridge }) => {
    const bridge = createBridge(window as unknown as BridgeWindow);
    // webVisible (from 2.21.0 the page subscribes with onWebVisible; older apps may send it unasked).
    bridge.on('webVisible', (data) => {
      if (typeof data.visible === 'boolean') setVisibleInApp(data.visible);
    });
    void bridge.call('onWebVisible').catch(() => undefined);
    return bridge;
  });
  return loading;
}

/**
 * Listens for an app event once the bridge is there (inside the app only); returns the function that stops it.
 * The session and settings rooms use it for `logout` and `theme`.
 */
export function onAppEvent(event: 'logout' | 'theme', listener: (data: Record<string, unknown>) => void): () => void {
  if (!mayBeInApp()) return () => undefined;
  let stop: (() => void) | null = null;
  let stopped = false;
  void appBridge().then((bridge) => {
    if (!stopped) stop = bridge.on(event, listener);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Sends a call whose answer the page does not need (a title, a theme, a logout); outside the app, nothing. */
export function tellApp(
  method: 'setTitleBarTheme' | 'logout' | 'popBack' | 'storageSet',
  params: Record<string, unknown> = {},
): void {
  if (!mayBeInApp()) return;
  void appBridge()
    .then((bridge) => bridge.call(method, params))
    .catch(() => undefined);
}

/**
 * The request layer's forwarding (contracts/bridge.md §5): inside the app from 1.2.51 every `/v1` call goes through
 * `request` and comes back as the gateway's envelope; null where the app does not take it, so the web fetches.
 */
export async function forwardThroughBridge(request: ForwardedRequest): Promise<{ envelope: unknown } | null> {
  if (!mayBeInApp()) return null;
  const { BridgeError } = await import('./bridge');
  const bridge = await appBridge();
  try {
    const answer = await bridge.call('request', { ...request });
    return answer.sent ? { envelope: answer.data } : null;
  } catch (error) {
    if (error instanceof BridgeError)
      throw { bridgeFailure: error.kind, code: error.code, appMessage: error.appMessage } satisfies ForwardFailure;
    throw error;
  }
}

let lastTitle: string | null = null;

/**
 * Inside the app the page's title goes to the app's title bar (`setTitle`, on every navigation); outside it, or
 * when the title did not change, nothing is sent. A failed call leaves the app's title as it was.
 */
export function tellAppTitle(title: string): void {
  if (title === lastTitle || !mayBeInApp()) return;
  lastTitle = title;
  void appBridge()
    .then((bridge) => bridge.call('setTitle', { title }))
    .catch(() => undefined);
}
