import { describe, expect, it } from 'vitest';
import { QR_COOKIE } from '../../../../gateway/third/qr/qr-routes';
import { Ds1Device } from './ds1-device';
import { setUpDrill } from './drill-harness';

// The attack drill on sessions: what a stolen cookie can do without the device key that signs for it, and guessing a
// password from many connections at once. A gateway of its own on a socket (drill-harness.ts).

const drill = setUpDrill();

/** A browser showing a QR sign-in code: its key, and the device that polls it. */
async function qrCode(source: string): Promise<{ web: Ds1Device; key: string }> {
  const web = drill.device(source);
  const created = await web.send('POST', '/v1/user/public/third/qrcode/create', {});
  expect(created.reply.code).toBe('00000');
  expect(web.cookies.has(QR_COOKIE)).toBe(true);
  return { web, key: created.reply.data.qrcodeKey as string };
}

const poll = (web: Ds1Device, qrcodeKey: string) =>
  web.send('POST', '/v1/user/public/third/getQrKeyStatus', {
    bodyCiphertext: web.envelope('/v1/user/public/third/getQrKeyStatus', { qrcodeKey }),
  });

describe('attack: a stolen session cookie signs a browser in through QR', () => {
  it('cannot scan or confirm without the device key, so the browser never gets a session', async () => {
    const victim = drill.device('198.51.100.30');
    await drill.freshAccount(victim, 'drill-qr-victim');
    // The thief's own browser shows a code; its "phone" holds the victim's cookies and a key of its own.
    const { web, key } = await qrCode('203.0.113.30');
    const thief = victim.stealInto(new Ds1Device(drill.transport, drill.serverKey));
    for (const path of ['/v1/user/qrcode/scan', '/v1/user/qrcode/confirm']) {
      const bare = await thief.send('POST', path, { qrcodeKey: key });
      expect(bare.headers.get('gateway-sign-error'), `${path} unsigned`).toBe('00020');
      const ownKey = await thief.send('POST', path, { qrcodeKey: key }, { mode: '3' });
      expect(ownKey.headers.get('gateway-sign-error'), `${path} signed with another key`).toBe('00023');
    }
    expect((await poll(web, key)).reply.data).toEqual({ status: 'waiting' });
    expect(web.cookies.has('sid')).toBe(false);
  });

  it('the owner’s own device, signing, still scans and confirms, and the browser is signed in once', async () => {
    const owner = drill.device('198.51.100.31');
    await drill.freshAccount(owner, 'drill-qr-owner');
    const { web, key } = await qrCode('198.51.100.32');
    expect((await owner.send('POST', '/v1/user/qrcode/scan', { qrcodeKey: key }, { mode: '3' })).reply.code).toBe(
      '00000',
    );
    expect((await owner.send('POST', '/v1/user/qrcode/confirm', { qrcodeKey: key }, { mode: '3' })).reply.code).toBe(
      '00000',
    );
    expect((await poll(web, key)).reply.code).toBe('00000');
    expect((await web.userinfo()).data).toMatchObject({ isLogin: true });
  });
});

describe('attack: a bare session cookie acts on the account', () => {
  it('gets 00020 on every account call a page makes signed: API keys, profile, devices, history, settings', async () => {
    const owner = drill.device('198.51.100.33');
    await drill.freshAccount(owner, 'drill-bare-cookie');
    const thief = owner.stealInto(new Ds1Device(drill.transport, drill.serverKey));
    const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', '/v1/user/apikey/list'],
      ['POST', '/v1/user/apikey/disable', { apiKey: 'bg_0123456789abcdef' }],
      ['POST', '/v1/user/profile/nickname', { nickName: 'Mallory' }],
      ['GET', '/v1/user/profile/avatar'],
      ['GET', '/v1/user/devices'],
      ['POST', '/v1/user/devices/revoke-others', {}],
      ['GET', '/v1/user/login-history'],
      ['GET', '/v1/user/setting/overview'],
      ['GET', '/v1/user/vip/overview'],
      ['POST', '/v1/content/announcements/read', { ids: ['1'] }],
    ];
    for (const [method, path, body] of calls) {
      const bare = await thief.send(method, path, body);
      expect(bare.headers.get('gateway-sign-error'), `${method} ${path}`).toBe('00020');
    }
    // The owner's signed calls go through, and the nickname is the owner's still.
    const settings = await owner.send('GET', `/v1/user/setting/overview?_t=${Date.now()}`, undefined, { mode: '2' });
    expect(settings.reply.code).toBe('00000');
    expect(JSON.stringify(settings.reply.data)).not.toContain('Mallory');
  });
});

describe('attack: guessing one password from many connections at once', () => {
  it('gives a burst from one address the five guesses a row of attempts gets, not thirty', async () => {
    const owner = drill.device('198.51.100.41');
    const email = await drill.freshAccount(owner, 'drill-burst');
    // Thirty browsers behind one address, each sealing its own envelope.
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => drill.device('203.0.113.160').login(email, `Wrong-pass-${i + 1}`)),
    );
    const codes = replies.map((exchange) => exchange.reply.code);
    expect(codes.filter((code) => code === '40101')).toHaveLength(5);
    expect(codes.filter((code) => code === '40429')).toHaveLength(25);
  });

  it('lets a burst from thirty addresses at a fresh account check five, then one per wait', async () => {
    const owner = drill.device('198.51.100.42');
    const email = await drill.freshAccount(owner, 'drill-spread');
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => drill.device(`203.0.113.${170 + i}`).login(email, `Wrong-pass-${i + 1}`)),
    );
    const elapsedMs = Date.now() - started;
    const checked = replies.filter((exchange) => exchange.reply.code === '40101').length;
    expect(replies.filter((exchange) => exchange.reply.code === '40429')).toHaveLength(30 - checked);
    // Five before the slow-down starts, then one at a time, each after a wait of 1 s or more.
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(5 + 1 + Math.floor(elapsedMs / 1000));
  });

  it('checks one guess at a time once the account is slowed down, and its owner on a known device still gets in', async () => {
    const owner = drill.device('198.51.100.40');
    const email = await drill.freshAccount(owner, 'drill-guess');
    // Six failures from six addresses (no address reaches its own limit): the account is slowed down to 2 s and more.
    for (let i = 0; i < 6; i += 1) {
      expect((await drill.device(`203.0.113.${100 + i}`).login(email, 'Wrong-pass-0')).reply.code).toBe('40101');
    }
    const started = Date.now();
    const guesses = Array.from({ length: 30 }, (_, i) =>
      drill.device(`203.0.113.${120 + i}`).login(email, `Wrong-pass-${i + 1}`),
    );
    const ownerLogin = owner.login(email, 'Drill-pass-1');
    const replies = await Promise.all(guesses);
    const elapsedMs = Date.now() - started;
    const checked = replies.filter((exchange) => exchange.reply.code === '40101').length;
    const refused = replies.filter((exchange) => exchange.status === 429 && exchange.reply.code === '40429').length;
    expect(checked + refused).toBe(30);
    // One check per slowed-down wait at most, each wait 2 s or more: however long the run took, never more than that.
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(1 + Math.floor(elapsedMs / 2000));
    expect((await ownerLogin).reply.code).toBe('00000');
  }, 60_000);
});
