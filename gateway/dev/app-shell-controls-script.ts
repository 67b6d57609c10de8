/**
 * The controls of the shell page's script (app-shell-script.ts, inside its closure, last): the list of behaviour
 * overrides, the QR code scan that logs a browser in with this shell's session (signing.js signs its calls), and
 * what every button, preset and field of the page does, through the webview's `load`, `back` and `sendEvent` and
 * the bridge's `storage`.
 */
export const SHELL_CONTROLS_SCRIPT = `
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
`;
