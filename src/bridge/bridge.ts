import {
  type BridgeEvent,
  type BridgeHost,
  type BridgeMethod,
  BRIDGE_EVENTS,
  CALLBACK_TIMEOUT_CODE,
  callDecision,
  classifyBridgeReply,
  decodeBridgePayload,
  detectHost,
  type ForwardFailure,
  type NotSentReason,
  REQUEST_TIMEOUT_CODE,
  timeoutOf,
} from '../../engine/rules/bridge';

/** How a bridge call failed (spec §8's bridge errors); the page shows {@link BridgeError.kind}'s text. */
export type BridgeErrorKind = ForwardFailure['bridgeFailure'];

/** A call that was sent and failed: timed out, answered unsuccessfully, or could not be understood. */
export class BridgeError extends Error {
  constructor(
    readonly kind: BridgeErrorKind,
    /** `00004`, `110100`, or the app's own code; empty for a reply without one. */
    readonly code: string,
    /** The app's `msg` for an unsuccessful response. */
    readonly appMessage = '',
  ) {
    super(appMessage || kind);
    this.name = 'BridgeError';
  }
}

/** A call's outcome: the app's data, or why the call was never sent (the caller then runs its web fallback). */
export type BridgeAnswer<T> = { sent: true; data: T } | { sent: false; reason: NotSentReason };

/** What the app calls on the page (contract §2); the first script sets it up with a queue. */
export interface AppBridgeInbox {
  onReply(id: string, payload: unknown): void;
  onEvent(name: string, payload: unknown): void;
  /** What arrived before this module took the inbox over: `['reply', id, payload]` or `['event', name, payload]`. */
  queue?: unknown[][];
}

/** The parts of `window` the bridge reads and writes. */
export interface BridgeWindow {
  navigator: { userAgent: string };
  AppBridge?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { AppBridge?: { postMessage(message: unknown): void } } };
  __appBridge?: AppBridgeInbox;
}

interface Pending {
  resolve(data: unknown): void;
  reject(error: BridgeError): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The page's end of the bridge (contracts/bridge.md): detects the app, sends each call its version and platform
 * allow (others answer `sent: false` at once, never reaching the app), waits for its reply up to the method's
 * timeout, decodes replies given as objects or base64 JSON, and hands events to their listeners.
 */
export function createBridge(win: BridgeWindow) {
  const host: BridgeHost = detectHost(win.navigator.userAgent, {
    android: typeof win.AppBridge?.postMessage === 'function',
    ios: typeof win.webkit?.messageHandlers?.AppBridge?.postMessage === 'function',
  });
  const pending = new Map<string, Pending>();
  const listeners = new Map<BridgeEvent, Set<(data: Record<string, unknown>) => void>>();
  // Unique per page load: a reply meant for an earlier page can never settle a call of this one.
  const prefix = Math.random().toString(36).slice(2, 10);
  let seq = 0;

  const onReply = (id: unknown, payload: unknown): void => {
    if (typeof id !== 'string') return;
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    clearTimeout(call.timer);
    const outcome = classifyBridgeReply(payload);
    if (outcome.kind === 'ok') call.resolve(outcome.data);
    else if (outcome.kind === 'unsuccessful') call.reject(new BridgeError('unsuccessful', outcome.code, outcome.msg));
    else call.reject(new BridgeError(outcome.kind === 'action-error' ? 'action' : 'network', ''));
  };

  const onEvent = (name: unknown, payload: unknown): void => {
    if (typeof name !== 'string' || !(BRIDGE_EVENTS as readonly string[]).includes(name)) return;
    const data = decodeBridgePayload(payload);
    if (!data) return;
    for (const listener of [...(listeners.get(name as BridgeEvent) ?? [])]) listener(data);
  };

  // Take the inbox over from the first script's stand-in, and answer what it kept, in order.
  const queued = win.__appBridge?.queue ?? [];
  win.__appBridge = { onReply, onEvent };
  for (const entry of queued) {
    if (!Array.isArray(entry)) continue;
    if (entry[0] === 'reply') onReply(entry[1], entry[2]);
    else if (entry[0] === 'event') onEvent(entry[1], entry[2]);
  }

  function post(message: { id: string; method: string; params: Record<string, unknown> }): void {
    if (host.inApp && host.transport === 'android') win.AppBridge?.postMessage(JSON.stringify(message));
    else win.webkit?.messageHandlers?.AppBridge?.postMessage(message);
  }

  return {
    host,

    /** Whether `method` would be sent here (the UI hides what cannot run, or shows its web equivalent). */
    canCall(method: BridgeMethod): boolean {
      return callDecision(method, host) === 'send';
    },

    /**
     * Sends `method` and waits for its reply: `{sent: true, data}` on success; `{sent: false, reason}` when this
     * host does not take it (outside the app, below its version, a skipped platform); a {@link BridgeError} when
     * it was sent and failed.
     */
    call<T = unknown>(method: BridgeMethod, params: Record<string, unknown> = {}): Promise<BridgeAnswer<T>> {
      const decision = callDecision(method, host);
      if (decision !== 'send') return Promise.resolve({ sent: false, reason: decision });
      seq += 1;
      const id = `${prefix}-${seq}`;
      return new Promise<BridgeAnswer<T>>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(
            method === 'request'
              ? new BridgeError('request-timeout', REQUEST_TIMEOUT_CODE)
              : new BridgeError('callback-timeout', CALLBACK_TIMEOUT_CODE),
          );
        }, timeoutOf(method));
        pending.set(id, { resolve: (data) => resolve({ sent: true, data: data as T }), reject, timer });
        try {
          post({ id, method, params });
        } catch {
          // A transport that throws is the app refusing the action (spec §8).
          pending.delete(id);
          clearTimeout(timer);
          reject(new BridgeError('action', ''));
        }
      });
    },

    /** Listens for an app event (`webVisible`, `theme`, `logout`); returns the function that stops listening. */
    on(event: BridgeEvent, listener: (data: Record<string, unknown>) => void): () => void {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

export type Bridge = ReturnType<typeof createBridge>;
