import { escapeHtml } from '../auth/dev-mailbox/dev-mailbox-page';

/** App versions offered with one click: the contract's version gates (contracts/bridge.md §3) and either side of them. */
export const VERSION_PRESETS = ['1.2.50', '1.2.51', '2.8.0', '2.14.9', '2.15.0', '2.21.0', '2.37.0', '2.49.0'] as const;
/** Pages offered with one click: the ones the app opens in its webview. */
export const PATH_PRESETS = [
  '/trade-spot',
  '/trade-swap',
  '/trade-info',
  '/trade-asset',
  '/trade-asset-order',
  '/asset',
  '/download',
] as const;
/** Methods of the contract's table (§3), for the behaviour overrides. */
const METHODS = [
  'request',
  'setTitle',
  'popBack',
  'logout',
  'openBrowser',
  'getToken',
  'getDeviceId',
  'share',
  'setTitleVisible',
  'setTitleBarTheme',
  'setBottomActions',
  'hideNavigationBar',
  'setPictureCompressSize',
  'notifyStatusChange',
  'getBusinessParams',
  'storageSet',
  'storageGet',
  'checkCameraPermission',
  'navbarMore',
  'navbarClose',
  'onWebVisible',
  'getUsdtRate',
  'addCalendarEvent',
  'telegramBindSuccess',
  'startTraderProTraining',
  'bgbFeeDeduction',
] as const;
/** The app's events (§2) as the shell's buttons send them. */
const EVENTS = [
  { label: 'webVisible: hidden', name: 'webVisible', payload: { visible: false } },
  { label: 'webVisible: visible', name: 'webVisible', payload: { visible: true } },
  { label: 'theme: light', name: 'theme', payload: { theme: 'light' } },
  { label: 'theme: dark', name: 'theme', payload: { theme: 'dark' } },
  { label: 'logout', name: 'logout', payload: {} },
] as const;

/** The stylesheet of the shell page, served same-origin because the CSP forbids inline style. */
export const APP_SHELL_CSS = `*{box-sizing:border-box}
body{font:13px/1.4 system-ui,sans-serif;margin:0;color:#1b1f24;background:#eceff3}
h1{font-size:16px;margin:0 0 8px}h2{font-size:13px;margin:12px 0 6px;text-transform:uppercase;color:#57606a}
.layout{display:grid;grid-template-columns:300px 392px minmax(320px,1fr);gap:16px;padding:16px;align-items:start}
.panel{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:12px}
label{display:block;margin:6px 0 2px;color:#57606a}
input,select{font:inherit;padding:4px 6px;border:1px solid #d0d7de;border-radius:4px;width:100%}
button{font:inherit;padding:4px 8px;border:1px solid #d0d7de;border-radius:4px;background:#f6f8fa;cursor:pointer;margin:2px 2px 2px 0}
button:hover{background:#eaeef2}button.primary{background:#1f6feb;border-color:#1f6feb;color:#fff;width:100%;margin-top:10px}
.chips{display:flex;flex-wrap:wrap;gap:2px;margin-top:4px}.chips button{font-size:12px;padding:2px 6px}
.note{color:#57606a;font-size:12px}.warning{color:#9a6700;background:#fff8c5;border-radius:4px;padding:4px 6px}
.warning:empty{display:none}
.phone{background:#111;border-radius:32px;padding:16px}
.titlebar{display:flex;align-items:center;height:44px;width:360px;padding:0 4px;background:#fff;color:#1b1f24;border-bottom:1px solid #d0d7de}
.titlebar[data-theme=dark]{background:#15181d;color:#f0f3f6;border-bottom-color:#2d333b}
.titlebar[data-visible=false]{display:none}
.titlebar button{border:0;background:transparent;color:inherit;font-size:22px;line-height:1;width:40px;height:40px;margin:0}
.titlebar__title{flex:1;text-align:center;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding-right:40px}
.screen{position:relative;width:360px;height:740px;background:#fff}
.webview{display:block;width:360px;height:740px;border:0}
.closed{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;background:#f6f8fa}
.closed[hidden]{display:none}
.log-head{display:flex;gap:8px;align-items:center}.log-head h2{flex:1;margin:0}
.overrides{display:grid;grid-template-columns:1fr 1fr;gap:0 8px}
.overrides button{grid-column:span 2}
#override-list{list-style:none;padding:0;margin:4px 0}#override-list li{display:flex;justify-content:space-between;align-items:center}
.log{list-style:none;margin:8px 0 0;padding:0;max-height:calc(100vh - 260px);overflow:auto;font:12px/1.35 ui-monospace,monospace}
.log li{border-top:1px solid #eaeef2;padding:4px 2px}
.log .head{display:flex;gap:8px;flex-wrap:wrap}.log .time{color:#8c959f}.log .dir{font-weight:600}
.log li[data-kind=page] .dir{color:#0969da}.log li[data-kind=app] .dir{color:#1a7f37}.log li[data-kind=note] .dir{color:#9a6700}
.log .method{font-weight:600}.log .id{color:#8c959f}
.log pre{margin:2px 0 0;white-space:pre-wrap;word-break:break-all;color:#424a53}
`;

const option = (value: string, label: string = value, selected = false) =>
  `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
const chip = (attribute: string, value: string, label: string = value) =>
  `<button type="button" data-${attribute}="${escapeHtml(value)}">${escapeHtml(label)}</button>`;

/**
 * Renders the dev app shell page (local mode only): the app's settings, a phone with a title bar and the app framed
 * as its webview, the app's events, and the traffic log. No inline script or style: `shell.js` does the rest.
 */
export function renderAppShellPage(paths: { script: string; signing: string; css: string }): string {
  const events = EVENTS.map((event) =>
    chip('event', JSON.stringify({ name: event.name, payload: event.payload }), event.label),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>App shell (dev)</title>
<link rel="stylesheet" href="${escapeHtml(paths.css)}">
<script src="${escapeHtml(paths.signing)}" defer></script>
<script src="${escapeHtml(paths.script)}" defer></script>
</head>
<body>
<div class="layout">
<section class="panel" aria-label="App">
<h1>App shell</h1>
<p class="note">Local mode only: the web pages as they run inside the native app (contracts/bridge.md). This page plays the app.</p>
<label for="platform">Platform</label>
<select id="platform">${option('android', 'Android', true)}${option('ios', 'iOS')}</select>
<label for="version">App version</label>
<input id="version" value="2.21.0" spellcheck="false" autocomplete="off">
<div class="chips" aria-label="Version presets">${VERSION_PRESETS.map((version) => chip('version', version)).join('')}</div>
<label for="reply-style">Replies</label>
<select id="reply-style">${option('object', 'objects', true)}${option('base64', 'base64 JSON')}</select>
<label for="reply-delay">Reply delay (ms)</label>
<input id="reply-delay" type="number" min="0" max="60000" step="50" value="0">
<label for="path">Path</label>
<input id="path" value="/asset" spellcheck="false" autocomplete="off">
<div class="chips" aria-label="Path presets">${PATH_PRESETS.map((path) => chip('path', path)).join('')}</div>
<button type="button" id="load" class="primary">Load</button>
<p id="status" class="note" data-testid="shell-status">Nothing loaded yet.</p>
<p id="warning" class="warning" role="status"></p>
<h2>App events</h2>
<div class="chips">${events.join('')}</div>
<h2>Behaviour overrides</h2>
<div class="overrides">
<div><label for="override-method">Method</label><select id="override-method">${METHODS.map((method) => option(method)).join('')}</select></div>
<div><label for="override-behaviour">Behaviour</label><select id="override-behaviour">${option('answer')}${option('silent', 'silent (no reply)')}${option('unknown-method')}${option('no-code', 'reply without code')}${option('error', 'error code')}</select></div>
<div><label for="override-code">Error code</label><input id="override-code" value="40001"></div>
<div><label for="override-msg">Error message</label><input id="override-msg" value="Refused by the app shell"></div>
<button type="button" id="override-set">Set behaviour</button>
</div>
<ul id="override-list" aria-label="Overrides"></ul>
<button type="button" id="storage-clear">Clear the app's storage</button>
<h2>Scan QR code</h2>
<p class="note">Logs a browser in with this shell's session, as the app's scanner does: paste the key or the link of the code a login page shows, Scan, then Confirm.</p>
<label for="qr-key">QR code key or link</label>
<input id="qr-key" spellcheck="false" autocomplete="off" placeholder="exchangeapp://exchange/qrlogin?key=…">
<button type="button" id="qr-scan">Scan</button><button type="button" id="qr-confirm" disabled>Confirm login</button><button type="button" id="qr-cancel" disabled>Cancel</button>
<p id="qr-result" class="note" aria-live="polite" data-testid="qr-result"></p>
</section>
<section class="phone" aria-label="Phone">
<div id="titlebar" class="titlebar" data-theme="light" data-visible="true" data-testid="app-title-bar">
<button type="button" id="back" aria-label="Back">&#8249;</button>
<span id="app-title" class="titlebar__title" data-testid="app-title"></span>
</div>
<div id="screen" class="screen">
<div id="closed" class="closed" hidden><p>Webview closed</p><button type="button" id="reopen">Reopen</button></div>
</div>
</section>
<section class="panel" aria-label="Traffic">
<div class="log-head"><h2>Traffic (newest first)</h2><button type="button" id="log-clear">Clear</button></div>
<ol id="log" class="log" data-testid="traffic-log"></ol>
</section>
</div>
</body>
</html>
`;
}

/**
 * The shell page's script (`/dev/app-shell/shell.js`): plays the native app for the framed page as the contract
 * says (contracts/bridge.md; tests/e2e/app-host.ts is the same app for Playwright). Builds its DOM with
 * createElement and textContent only (the CSP enforces Trusted Types); no template literals, so it sits in this one.
 */
export const APP_SHELL_SCRIPT = `// Dev app shell (gateway/dev/app-shell-page.ts).
(() => {
  'use strict';
  const COOKIE = 'dev_app_shell';
  const STORAGE_PREFIX = 'dev_app_shell:';
  const MAX_LOG = 500;
  const MAX_SHOWN = 4000;
  const VERSION = /^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$/;
  const $ = (id) => document.getElementById(id);
  const ui = {
    platform: $('platform'),
    version: $('version'),
    replyStyle: $('reply-style'),
    replyDelay: $('reply-delay'),
    path: $('path'),
    status: $('status'),
    warning: $('warning'),
    titlebar: $('titlebar'),
    title: $('app-title'),
    screen: $('screen'),
    closed: $('closed'),
    log: $('log'),
    overrideMethod: $('override-method'),
    overrideBehaviour: $('override-behaviour'),
    overrideCode: $('override-code'),
    overrideMsg: $('override-msg'),
    overrideList: $('override-list'),
    qrKey: $('qr-key'),
    qrResult: $('qr-result'),
  };
  /** method → { kind: 'silent' | 'unknown-method' | 'no-code' | 'error', code, msg } */
  const overrides = new Map();
  /** The webview (iframe) and the app it plays, from the last Load. */
  let webview = null;
  let loaded = null;

  const make = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const clock = () => new Date().toISOString().slice(11, 23);
  const shown = (value) => {
    let text;
    try {
      text = typeof value === 'string' ? value : JSON.stringify(value);
    } catch {
      text = String(value);
    }
    if (text === undefined) return '';
    return text.length > MAX_SHOWN ? text.slice(0, MAX_SHOWN) + ' … (' + text.length + ' characters)' : text;
  };

  /** Adds a line to the traffic log, newest first; kind: page (page → app), app (app → page) or note (the shell). */
  function record(kind, direction, method, id, body) {
    const item = make('li');
    item.dataset.kind = kind;
    item.dataset.method = method || '';
    const head = make('div', 'head');
    head.append(make('span', 'time', clock()), make('span', 'dir', direction));
    if (method) head.append(make('span', 'method', method));
    if (id) head.append(make('span', 'id', '#' + id));
    item.append(head);
    if (body !== undefined) item.append(make('pre', '', shown(body)));
    ui.log.prepend(item);
    while (ui.log.childElementCount > MAX_LOG) ui.log.lastElementChild.remove();
  }
  const note = (text) => record('note', 'shell', '', '', text);

  /** A request's params as logged: the header names, never their values (signatures, tokens). */
  function redacted(method, params) {
    if (method !== 'request' || !params.headers || typeof params.headers !== 'object') return params;
    const headers = {};
    for (const name of Object.keys(params.headers)) headers[name] = '…';
    return Object.assign({}, params, { headers });
  }

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

  function resetScreen() {
    ui.title.textContent = '';
    ui.titlebar.dataset.theme = 'light';
    ui.titlebar.dataset.visible = 'true';
  }

  /** A new webview, as the app opens one: a fresh frame with its own history. */
  function openWebview(path) {
    if (webview) webview.remove();
    resetScreen();
    ui.closed.hidden = true;
    ui.warning.textContent = '';
    const frame = make('iframe', 'webview');
    frame.title = 'App webview';
    frame.dataset.testid = 'webview';
    frame.addEventListener('load', () => checkHost(frame));
    frame.src = path;
    webview = frame;
    ui.screen.append(frame);
  }

  function closeWebview(why) {
    if (webview) webview.remove();
    webview = null;
    resetScreen();
    ui.closed.hidden = false;
    note('webview closed: ' + why);
  }

  /** After each load in the frame: did the page get the host script (is it inside the "app")? */
  function checkHost(frame) {
    if (frame !== webview) return;
    let host;
    let where = null;
    try {
      where = frame.contentWindow.location.pathname + frame.contentWindow.location.search;
      host = frame.contentWindow.__appShellHost;
    } catch {
      host = undefined;
    }
    if (host) {
      ui.warning.textContent = '';
      note('page loaded: ' + where + ' as ' + host.platform + ' ' + host.version);
      return;
    }
    // A page the gateway did not prepare: refused in a frame (its headers forbid it), or prepared for no app.
    const text =
      (where === null
        ? 'The page was refused in the frame'
        : 'The page ' + where + ' loaded without the host script and runs as in a plain browser') +
      '. The service worker answers / and /index.html from its cache, never from the gateway: ' +
      'load another path (e.g. /asset).';
    ui.warning.textContent = text;
    note(text);
  }

  function setCookie(platform, version) {
    document.cookie = COOKIE + '=' + platform + ':' + version + '; Path=/; SameSite=Strict';
  }

  function load() {
    const platform = ui.platform.value === 'ios' ? 'ios' : 'android';
    const version = ui.version.value.trim();
    const path = ui.path.value.trim() || '/';
    if (!VERSION.test(version)) {
      ui.warning.textContent = 'The app version must be major.minor.patch, e.g. 2.21.0.';
      return;
    }
    if (!path.startsWith('/') || path.startsWith('//')) {
      ui.warning.textContent = 'The path must start with a single /, e.g. /asset.';
      return;
    }
    // The gateway reads this on the frame's navigations (local mode): the page gets the host script for this app.
    setCookie(platform, version);
    loaded = { platform, version, path };
    ui.status.textContent = (platform === 'ios' ? 'iOS ' : 'Android ') + version + ', ' + path;
    note('open webview: ' + path + ' as ' + platform + ' ' + version);
    openWebview(path);
  }

  function back() {
    const win = webview && webview.contentWindow;
    if (!win) return;
    // The app closes the webview when its page has nowhere to go back to.
    const navigation = win.navigation;
    if (navigation && navigation.canGoBack === false) closeWebview('back on the first page');
    else win.history.back();
  }

  function sendEvent(name, payload) {
    if (!webview) {
      note('no webview open: ' + name + ' not sent');
      return;
    }
    deliver(undefined, 'event', name, name, payload);
  }

  function renderOverrides() {
    ui.overrideList.replaceChildren();
    for (const [method, override] of overrides) {
      const item = make('li');
      const text = override.kind === 'error' ? 'error ' + override.code : override.kind;
      const remove = make('button', '', 'Remove');
      remove.type = 'button';
      remove.addEventListener('click', () => {
        overrides.delete(method);
        renderOverrides();
      });
      item.append(make('span', '', method + ': ' + text), remove);
      ui.overrideList.append(item);
    }
  }

  /** The key of a QR sign-in code: the key parameter of its link (gateway/third/qr/qr-settings.ts), or the key itself. */
  function qrKeyOf(text) {
    const value = text.trim();
    const match = /[?&]key=([^&#]+)/.exec(value);
    try {
      return match ? decodeURIComponent(match[1]) : value;
    } catch {
      return value;
    }
  }

  /** What the app shows of the browser that made a code: browser, system and place. */
  function browserText(data) {
    const browser = data.browser ? data.browser + (data.browserVersion ? ' ' + data.browserVersion : '') : 'A browser';
    const system = data.os ? ' on ' + data.os + (data.osVersion ? ' ' + data.osVersion : '') : '';
    const place = data.place || {};
    const where =
      place.kind === 'known'
        ? place.city + ' (' + place.country + ')'
        : place.kind === 'loopback'
          ? 'this computer'
          : place.kind === 'private'
            ? 'a private network'
            : 'an unknown place';
    return browser + system + ', ' + where;
  }

  /**
   * One QR sign-in call of the app, its session this browser's cookies and signed with the framed page's device key
   * (signing.js), as the app signs its own; the gateway's envelope.
   */
  async function qrCall(action) {
    const qrcodeKey = qrKeyOf(ui.qrKey.value);
    record('note', 'shell → gateway', 'qrcode/' + action, '', { qrcodeKey: qrcodeKey.slice(0, 6) + '…' });
    const reply = await globalThis.appShellSigning.signedPost('/v1/user/qrcode/' + action, { qrcodeKey });
    record('note', 'gateway → shell', 'qrcode/' + action, '', reply);
    return reply;
  }

  function qrDone(text, canAnswer) {
    ui.qrResult.textContent = text;
    $('qr-confirm').disabled = !canAnswer;
    $('qr-cancel').disabled = !canAnswer;
  }

  async function qrStep(action) {
    try {
      const reply = await qrCall(action);
      if (reply.code !== '00000') return qrDone('Refused (' + reply.code + '): ' + reply.msg, false);
      if (action === 'scan') return qrDone('Log in ' + browserText(reply.data) + '?', true);
      qrDone(action === 'confirm' ? 'Confirmed: the browser is logging in.' : 'Cancelled.', false);
    } catch (error) {
      qrDone('The call failed: ' + (error && error.message), false);
    }
  }

  $('qr-scan').addEventListener('click', () => void qrStep('scan'));
  $('qr-confirm').addEventListener('click', () => void qrStep('confirm'));
  $('qr-cancel').addEventListener('click', () => void qrStep('cancel'));
  $('load').addEventListener('click', load);
  $('reopen').addEventListener('click', () => {
    if (loaded) openWebview(loaded.path);
  });
  $('back').addEventListener('click', back);
  $('log-clear').addEventListener('click', () => ui.log.replaceChildren());
  $('storage-clear').addEventListener('click', () => {
    storage.clear();
    note("the app's storage is empty");
  });
  $('override-set').addEventListener('click', () => {
    const method = ui.overrideMethod.value;
    const kind = ui.overrideBehaviour.value;
    if (kind === 'answer') overrides.delete(method);
    else overrides.set(method, { kind, code: ui.overrideCode.value.trim() || '40001', msg: ui.overrideMsg.value });
    renderOverrides();
  });
  for (const button of document.querySelectorAll('button[data-version]'))
    button.addEventListener('click', () => {
      ui.version.value = button.dataset.version;
    });
  for (const button of document.querySelectorAll('button[data-path]'))
    button.addEventListener('click', () => {
      ui.path.value = button.dataset.path;
      load();
    });
  for (const button of document.querySelectorAll('button[data-event]'))
    button.addEventListener('click', () => {
      const event = JSON.parse(button.dataset.event);
      sendEvent(event.name, event.payload);
    });
  // The cookie lives while the shell does: a tab of the app opened later gets the page as it is.
  window.addEventListener('pagehide', () => {
    document.cookie = COOKIE + '=; Path=/; SameSite=Strict; Max-Age=0';
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && loaded) setCookie(loaded.platform, loaded.version);
  });
  for (const input of [ui.version, ui.path])
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') load();
    });
})();
`;
