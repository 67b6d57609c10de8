import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../../gateway/app';
import { APP_SHELL_HOST_SCRIPT } from '../../../../gateway/dev/app-shell-host';
import { renderAppShellPage } from '../../../../gateway/dev/app-shell-page';
import { APP_SHELL_SIGNING_SCRIPT } from '../../../../gateway/dev/app-shell-signing';
import { APP_SHELL_PATHS, parseShellCookie, withHostScript } from '../../../../gateway/dev/app-shell-routes';
import { APP_SHELL_SCRIPT } from '../../../../gateway/dev/app-shell-script';
import { openDatabase } from '../../../../gateway/open-database';
import { buildContentSecurityPolicy } from '../../../../gateway/http/security-headers';
import { createLogger } from '../../../../gateway/log/logger';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { T0, tempDir, testSigning } from '../support';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8"><script src="/boot.js"></script></head><body>APP</body></html>';
const HOST_TAG = `<script src="${APP_SHELL_PATHS.host}"`;
const DENY_CSP = buildContentSecurityPolicy('ws://localhost');
const FRAMED = { cookie: 'dev_app_shell=android:2.21.0', 'sec-fetch-dest': 'iframe', accept: 'text/html' };

let cleanups: (() => void)[] = [];
let dist: string;
beforeEach(() => {
  const dir = tempDir('gateway-app-shell-');
  dist = dir.path;
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'routes.json'), '["/", "/asset"]');
  writeFileSync(join(dist, 'boot.js'), '// boot');
  cleanups.push(dir.remove);
});
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

/** A gateway over a throwaway database serving the fake build, in local mode or not. */
function gateway(localMode: boolean) {
  const data = tempDir();
  const db = openDatabase(data.path);
  cleanups.push(() => {
    db.close();
    data.remove();
  });
  const simulator = new MarketSimulator({ seed: 7, nowMs: T0 });
  const app = createApp({
    db,
    simulator,
    logger: createLogger('silent'),
    signing: testSigning(),
    distDir: dist,
    localMode,
  });
  return (path: string, headers: Record<string, string> = {}) => app.request(`http://localhost${path}`, { headers });
}

describe('the app shell pages', () => {
  it('serves the page, its script, stylesheet and host script in local mode', async () => {
    const get = gateway(true);
    const page = await get(APP_SHELL_PATHS.page, { accept: 'text/html' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<script src="${APP_SHELL_PATHS.script}" defer></script>`);
    expect(html).not.toMatch(/<script>|\son[a-z]+=|style=/);
    // The shell page itself is a tab like any other: never framed.
    expect(page.headers.get('content-security-policy')).toBe(DENY_CSP);
    for (const [path, type] of [
      [APP_SHELL_PATHS.script, /^text\/javascript/],
      [APP_SHELL_PATHS.signing, /^text\/javascript/],
      [APP_SHELL_PATHS.css, /^text\/css/],
      [APP_SHELL_PATHS.host, /^text\/javascript/],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
    }
    expect(await (await get(APP_SHELL_PATHS.host)).text()).toBe(APP_SHELL_HOST_SCRIPT);
  });

  it('answers 404 for every one of them outside local mode, never the app', async () => {
    const get = gateway(false);
    for (const path of Object.values(APP_SHELL_PATHS)) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('APP');
    }
  });

  it('offers the QR sign-in scan with the shell session: a key or link in, scan, then confirm or cancel', () => {
    const page = renderAppShellPage(APP_SHELL_PATHS);
    for (const id of ['qr-key', 'qr-scan', 'qr-confirm', 'qr-cancel', 'qr-result'])
      expect(page).toContain(`id="${id}"`);
    for (const action of ['scan', 'confirm', 'cancel']) expect(APP_SHELL_SCRIPT).toContain(`'${action}'`);
    // Signed as the app signs its own calls: a session cookie alone confirms nothing (gateway/dev/app-shell-signing.ts).
    expect(APP_SHELL_SCRIPT).toContain("appShellSigning.signedPost('/v1/user/qrcode/' + action");
    expect(page.indexOf(`src="${APP_SHELL_PATHS.signing}"`)).toBeGreaterThan(0);
    expect(page.indexOf(`src="${APP_SHELL_PATHS.signing}"`)).toBeLessThan(
      page.indexOf(`src="${APP_SHELL_PATHS.script}"`),
    );
  });

  it('ships scripts that parse', () => {
    expect(() => new Script(APP_SHELL_SCRIPT)).not.toThrow();
    expect(() => new Script(APP_SHELL_HOST_SCRIPT)).not.toThrow();
    expect(() => new Script(APP_SHELL_SIGNING_SCRIPT)).not.toThrow();
  });
});

describe('the framed app page', () => {
  it('gets the host script first in its head and may be framed by its own origin, for an iframe with the cookie', async () => {
    const get = gateway(true);
    for (const path of ['/asset', '/', '/index.html']) {
      const res = await get(path, FRAMED);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const head = html.indexOf('<head>') + '<head>'.length;
      expect(html.indexOf(HOST_TAG), path).toBe(html.indexOf('<script'));
      expect(html.indexOf(HOST_TAG), path).toBeGreaterThan(head);
      expect(html).toContain('data-app="android:2.21.0"');
      expect(res.headers.get('content-security-policy'), path).toBe(
        buildContentSecurityPolicy('ws://localhost', undefined, 'same-origin'),
      );
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it("gets it too for a navigation the app's service worker passed on (destination empty, mode navigate)", async () => {
    const res = await gateway(true)('/asset', {
      accept: 'text/html',
      cookie: 'dev_app_shell=ios:2.8.0',
      'sec-fetch-dest': 'empty',
      'sec-fetch-mode': 'navigate',
    });
    expect(await res.text()).toContain(`${HOST_TAG} data-app="ios:2.8.0"></script>`);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('keeps the status of a path no route matches', async () => {
    const res = await gateway(true)('/no-such-page', FRAMED);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(HOST_TAG);
  });

  it('is the plain page, never framable, without the cookie, outside a frame, to a fetch, or outside local mode', async () => {
    const cases: [boolean, Record<string, string>][] = [
      [true, { accept: 'text/html', 'sec-fetch-dest': 'iframe' }],
      [true, { accept: 'text/html', cookie: FRAMED.cookie, 'sec-fetch-dest': 'document' }],
      [true, { accept: 'text/html', cookie: FRAMED.cookie }],
      [true, { accept: 'text/html', cookie: FRAMED.cookie, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }],
      [false, FRAMED],
    ];
    for (const [localMode, headers] of cases) {
      const res = await gateway(localMode)('/asset', headers);
      const label = `${localMode} ${JSON.stringify(headers)}`;
      expect(await res.text(), label).toBe(INDEX);
      expect(res.headers.get('content-security-policy'), label).toBe(DENY_CSP);
      expect(res.headers.get('x-frame-options'), label).toBe('DENY');
    }
  });

  it('ignores a cookie that does not name a platform and a version', async () => {
    const get = gateway(true);
    for (const value of [
      'android:../',
      'ios:2.x',
      `android:${'9'.repeat(5000)}.1.1`,
      `ios:2.21.0${'0'.repeat(4096)}`,
      'windows:2.21.0',
      'android:2.21.0"><script>',
      'android%3A2.21.0%22',
      'ANDROID:2.21.0',
      'android:2.21',
    ]) {
      const res = await get('/asset', { ...FRAMED, cookie: `dev_app_shell=${value}` });
      expect(await res.text(), value).toBe(INDEX);
      expect(res.headers.get('x-frame-options'), value).toBe('DENY');
    }
  });

  it('leaves every other response unframable, in an iframe with the cookie too', async () => {
    const get = gateway(true);
    for (const path of ['/boot.js', '/v1/public/time', APP_SHELL_PATHS.page, APP_SHELL_PATHS.host, '/dev/mailbox']) {
      const res = await get(path, FRAMED);
      expect(res.headers.get('content-security-policy'), path).toBe(DENY_CSP);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});

describe('parseShellCookie', () => {
  it('reads a platform and a major.minor.patch version', () => {
    expect(parseShellCookie('android:2.21.0')).toEqual({ platform: 'android', version: '2.21.0' });
    expect(parseShellCookie('ios:1.2.50')).toEqual({ platform: 'ios', version: '1.2.50' });
  });

  it('refuses anything else', () => {
    for (const value of [undefined, '', 'android', 'android:', 'ios:2.x', 'android:../', ' ios:2.21.0', 'ios:2.21.0 '])
      expect(parseShellCookie(value), String(value)).toBeNull();
  });
});

describe('withHostScript', () => {
  it('puts the host script right after the head tag, attributes and all', () => {
    expect(
      withHostScript('<html><head lang="x"><script src="/a.js"></script></head></html>', {
        platform: 'ios',
        version: '2.8.0',
      }),
    ).toBe(
      '<html><head lang="x">\n<script src="/dev/app-shell/host.js" data-app="ios:2.8.0"></script><script src="/a.js"></script></head></html>',
    );
  });

  it('gives up on a page without a head', () => {
    expect(withHostScript('<html><header></header></html>', { platform: 'android', version: '2.21.0' })).toBeNull();
  });
});
