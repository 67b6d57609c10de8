import { describe, expect, it } from 'vitest';
import { placeOf } from '../../../../../gateway/auth/sessions/ip-place';
import { parseUserAgent, USER_AGENT_MAX } from '../../../../../gateway/auth/sessions/user-agent';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.2210.115',
  // The exchange's app: its webview's user agent with the bridge's marker (contracts/bridge.md §1).
  appAndroid:
    'Mozilla/5.0 (Linux; Android 12; SM-A135F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 ExchangeApp/2.21.0',
  appIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 ExchangeApp/2.37.1',
};

describe('parseUserAgent', () => {
  it.each([
    ['Chrome on Windows', UA.chromeWindows, 'Chrome', '120', 'Windows', null],
    ['headless Chrome on Linux', UA.headless, 'Chrome', '131', 'Linux', null],
    ['Chrome on iPhone', UA.chromeIos, 'Chrome', '120', 'iOS', '17.2'],
    ['Safari on a Mac', UA.safariMac, 'Safari', '17', 'macOS', null],
    ['Safari on iPhone', UA.safariIphone, 'Safari', '17', 'iOS', '17.2.1'],
    ['Safari on iPad', UA.safariIpad, 'Safari', '16', 'iPadOS', '16.6'],
    ['Firefox on Linux', UA.firefoxLinux, 'Firefox', '121', 'Linux', null],
    ['Firefox on Android', UA.firefoxAndroid, 'Firefox', '121', 'Android', '14'],
    ['Edge on Windows (it also names Chrome and Safari)', UA.edge, 'Edge', '120', 'Windows', null],
    ['Edge on Android', UA.edgeAndroid, 'Edge', '120', 'Android', '10'],
  ])('reads %s', (_name, userAgent, browser, version, os, osVersion) => {
    expect(parseUserAgent(userAgent)).toEqual({ kind: 'browser', browser, version, os, osVersion });
  });

  it('reads the exchange app with its version, not the webview as Chrome or Safari', () => {
    expect(parseUserAgent(UA.appAndroid)).toEqual({
      kind: 'app',
      browser: null,
      version: '2.21.0',
      os: 'Android',
      osVersion: '12',
    });
    expect(parseUserAgent(UA.appIos)).toEqual({
      kind: 'app',
      browser: null,
      version: '2.37.1',
      os: 'iOS',
      osVersion: '17.0',
    });
  });

  it('says unknown for what it cannot name, without guessing', () => {
    expect(parseUserAgent('curl/8.4.0')).toEqual({
      kind: 'unknown',
      browser: null,
      version: null,
      os: null,
      osVersion: null,
    });
    expect(parseUserAgent('')).toMatchObject({ kind: 'unknown', os: null });
    // An app marker that is not a version is not the app.
    expect(parseUserAgent('Mozilla/5.0 (Linux; Android 12) ExchangeApp/latest')).toMatchObject({
      kind: 'unknown',
      os: 'Android',
    });
  });

  it('reads only the first USER_AGENT_MAX characters of a huge header', () => {
    const padded = `${'x'.repeat(USER_AGENT_MAX)} Chrome/120`;
    expect(parseUserAgent(padded).kind).toBe('unknown');
  });
});

describe('placeOf', () => {
  it.each(['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1'])('calls %s this machine', (address) => {
    expect(placeOf(address)).toEqual({ kind: 'loopback' });
  });

  it.each([
    '10.1.2.3',
    '172.16.0.9',
    '172.31.255.1',
    '192.168.1.20',
    '100.64.0.1',
    'fd12::1',
    'fe80::1',
    '::ffff:10.0.0.1',
  ])('calls %s a private network', (address) => {
    expect(placeOf(address)).toEqual({ kind: 'private' });
  });

  it('names the places of its built-in table (documentation ranges only)', () => {
    expect(placeOf('192.0.2.44')).toEqual({ kind: 'known', city: 'Singapore', country: 'SG' });
    expect(placeOf('198.51.100.10')).toEqual({ kind: 'known', city: 'Frankfurt', country: 'DE' });
    expect(placeOf('203.0.113.1')).toEqual({ kind: 'known', city: 'São Paulo', country: 'BR' });
    expect(placeOf('2001:db8::7')).toEqual({ kind: 'known', city: 'Tokyo', country: 'JP' });
  });

  it.each(['8.8.8.8', '172.32.0.1', '2606:4700::1111', 'unknown', '', '999.1.1.1', '10.0.0.1, 8.8.8.8'])(
    'says unknown for %j',
    (address) => {
      expect(placeOf(address)).toEqual({ kind: 'unknown' });
    },
  );
});
