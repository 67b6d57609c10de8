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
