import { SHELL_BRIDGE_SCRIPT } from './app-shell-bridge-script';
import { SHELL_CONTROLS_SCRIPT } from './app-shell-controls-script';
import { SHELL_WEBVIEW_SCRIPT } from './app-shell-webview-script';

/**
 * The shell page's script (`/dev/app-shell/shell.js`): plays the native app for the framed page as the contract
 * says (contracts/bridge.md; tests/e2e/app-host.ts is the same app for Playwright). Builds its DOM with
 * createElement and textContent only (the CSP enforces Trusted Types); no template literals, so it sits in these.
 * One closure: this file opens it with the settings, the page's elements and the traffic log; the bridge
 * (app-shell-bridge-script.ts), the webview (app-shell-webview-script.ts) and the controls
 * (app-shell-controls-script.ts) follow inside it.
 */
export const APP_SHELL_SCRIPT = `// Dev app shell (gateway/dev/app-shell-script.ts).
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
${SHELL_BRIDGE_SCRIPT}${SHELL_WEBVIEW_SCRIPT}${SHELL_CONTROLS_SCRIPT}})();
`;
