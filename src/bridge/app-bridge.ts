import type { ForwardedRequest, ForwardFailure } from '../../engine/rules/bridge';
import { setVisibleInApp } from '../platform/page-visibility';
import type { Bridge, BridgeWindow } from './bridge';

/**
 * The page's one bridge, loaded only inside the app: outside it (every web visit) the check below is a user-agent
 * test and the bridge's code is never downloaded. The first script (boot.js) keeps what the app sends until then.
 */
let loading: Promise<Bridge> | null = null;

let inApp: boolean | null = null;

/**
 * Whether the page may be inside the app: the version marker and a transport (contracts/bridge.md §1). Neither
 * changes during a page load, so it is worked out once: every request of the page asks.
 */
export function mayBeInApp(): boolean {
  if (inApp === null) {
    const win = window as unknown as BridgeWindow;
    inApp =
      /\bExchangeApp\/\d/.test(win.navigator.userAgent) &&
      (typeof win.AppBridge?.postMessage === 'function' ||
        typeof win.webkit?.messageHandlers?.AppBridge?.postMessage === 'function');
  }
  return inApp;
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
  method: 'setTitle' | 'setTitleBarTheme' | 'logout' | 'popBack' | 'storageSet',
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
