/**
 * The bridge of the shell page's script (app-shell-script.ts, inside its closure): the app's side of
 * contracts/bridge.md. It takes each message the framed page sends, answers it as the app does (or as a behaviour
 * override says) after the reply delay, and hands replies and events to the page as objects or base64 JSON. Uses the
 * closure's `ui`, `overrides`, `webview`, `record` and `note`, and `closeWebview` from the webview.
 */
export const SHELL_BRIDGE_SCRIPT = `
  function toBase64(value) {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }

  /** The framed page's window if it is still the load the host came from (null when it navigated or closed). */
  function pageOf(host) {
    const win = webview && webview.contentWindow;
    try {
      return win && (host === undefined || win.__appShellHost === host) ? win : null;
    } catch {
      return null;
    }
  }

  /** Hands a reply or an event to the page as the app does: onReply / onEvent of window.__appBridge. */
  function deliver(host, kind, key, method, body) {
    const win = pageOf(host);
    const label = kind === 'reply' ? 'app → page reply' : 'app → page event';
    if (!win || !win.__appBridge) {
      record('note', 'dropped ' + kind, method, kind === 'reply' ? key : '', 'the page it was for is gone');
      return;
    }
    const base64 = ui.replyStyle.value === 'base64';
    // Objects made in the page's own realm, as the app's injected JavaScript makes them.
    const payload = base64 ? toBase64(body) : win.JSON.parse(JSON.stringify(body));
    record('app', label + (base64 ? ' (base64)' : ''), method, kind === 'reply' ? key : '', body);
    try {
      if (kind === 'reply') win.__appBridge.onReply(key, payload);
      else win.__appBridge.onEvent(key, payload);
    } catch (error) {
      note('the page threw on ' + kind + ' ' + method + ': ' + (error && error.message));
    }
  }

  const storage = {
    get: (key) => localStorage.getItem(STORAGE_PREFIX + key),
    set: (key, value) => localStorage.setItem(STORAGE_PREFIX + key, value),
    clear() {
      for (const key of Object.keys(localStorage)) if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
    },
  };

  /** request (contract §5): the call as the page described it, to the gateway with this browser's cookies. */
  async function forward(params) {
    const method = String(params.method || 'GET').toUpperCase();
    const url = new URL(String(params.path), location.origin);
    if (url.origin !== location.origin) throw new Error('not this origin: ' + params.path);
    const headers = new Headers();
    for (const [name, value] of Object.entries(params.headers || {})) {
      try {
        headers.set(name, String(value));
      } catch {
        // A header fetch may not set (a browser-owned one): the app's HTTP stack would set its own.
      }
    }
    const body = method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(params.params);
    const response = await fetch(url.pathname + url.search, { method, headers, body, credentials: 'same-origin' });
    return response.json();
  }

  /** What the app answers a call with (tests/e2e/app-host.ts answers alike). */
  async function answer(method, params) {
    switch (method) {
      case 'request':
        return { code: '00000', data: await forward(params) };
      case 'storageSet':
        storage.set(String(params.key), String(params.value));
        return { code: '00000' };
      case 'storageGet':
        return { code: '00000', data: { value: storage.get(String(params.key)) } };
      case 'getUsdtRate':
        return { code: 200, data: { rate: '0.92' } };
      case 'getToken': {
        // The app asks the exchange's risk service for the device's token, as the web SDK does.
        const reply = await (await fetch('/v1/constantid/udid/c1', { credentials: 'omit' })).json();
        return { code: '00000', data: { token: reply && reply.data ? reply.data.token : undefined } };
      }
      case 'getDeviceId':
        return { code: '00000', data: { deviceId: 'dev-app-shell-device' } };
      case 'checkCameraPermission':
        return { code: '00000', data: { granted: true } };
      case 'getBusinessParams':
      case 'onWebVisible':
        return { code: '00000', data: {} };
      default:
        return { code: '00000' };
    }
  }

  /** What the app's own screen does with a call: the title bar, closing the webview. */
  function applyToScreen(method, params) {
    if (method === 'setTitle') ui.title.textContent = String(params.title ?? '');
    if (method === 'setTitleBarTheme' && (params.theme === 'light' || params.theme === 'dark'))
      ui.titlebar.dataset.theme = params.theme;
    if (method === 'setTitleVisible') ui.titlebar.dataset.visible = String(params.visible !== false);
    if (method === 'openBrowser') note('the app would open ' + params.url + ' in the system browser');
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function handle(raw, host) {
    let message = raw;
    if (typeof raw === 'string') {
      try {
        message = JSON.parse(raw);
      } catch {
        note('the page sent a string that is not JSON: ' + shown(raw));
        return;
      }
    }
    if (!message || typeof message !== 'object' || typeof message.method !== 'string') {
      note('the page sent a message without a method: ' + shown(message));
      return;
    }
    const id = String(message.id);
    const method = message.method;
    const params = message.params && typeof message.params === 'object' ? message.params : {};
    record('page', 'page → app', method, id, redacted(method, params));
    applyToScreen(method, params);
    if (method === 'popBack') {
      closeWebview('the page called popBack');
      return;
    }
    const override = overrides.get(method);
    if (override && override.kind === 'silent') {
      note('silent: no reply to ' + method + ' #' + id);
      return;
    }
    let reply;
    if (override && override.kind === 'unknown-method') reply = { code: 'unknown-method' };
    else if (override && override.kind === 'no-code') reply = { data: {} };
    else if (override && override.kind === 'error') reply = { code: override.code, msg: override.msg };
    else {
      try {
        reply = await answer(method, params);
      } catch (error) {
        reply = { code: '-1', msg: 'The app could not complete ' + method + ': ' + (error && error.message) };
      }
    }
    const delay = Number(ui.replyDelay.value);
    if (delay > 0) await sleep(Math.min(delay, 60000));
    deliver(host, 'reply', id, method, reply);
  }

  // The framed page's host script (/dev/app-shell/host.js) finds this and hands every message here.
  Object.defineProperty(window, '__appShell', {
    value: Object.freeze({
      receive(message, host) {
        // After postMessage has returned, as a real app answers.
        setTimeout(() => void handle(message, host), 0);
      },
    }),
  });
`;
