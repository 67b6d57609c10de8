/**
 * The webview of the shell page's script (app-shell-script.ts, inside its closure): opening and closing the framed
 * page as the app does, checking it got the host script, Load with the app's platform and version, Back, and sending
 * the app's events (through `deliver` of the bridge).
 */
export const SHELL_WEBVIEW_SCRIPT = `
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
`;
