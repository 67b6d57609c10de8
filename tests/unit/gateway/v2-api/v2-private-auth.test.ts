import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { T0 } from '../support';
import {
  type Account,
  accessSign,
  CLIENT_IP,
  type KeyCredentials,
  type KeyHarness,
  makeKeyHarness,
  sendSigned,
} from '../api-keys/apikey-support';

const ASSETS = '/api/v2/spot/account/assets';

let h: KeyHarness;
let alice: Account;
let key: KeyCredentials;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await h.account('alice@example.com');
  key = await alice.credentials();
});
afterEach(() => h.close());

/** Expects a v2 refusal: HTTP 400, the exchange's code, `data: null` and a request time. */
function expectRefused(result: { status: number; reply: { code: string; data: unknown } }, code: string) {
  expect(result.reply.code).toBe(code);
  expect(result.status).toBe(400);
  expect(result.reply).toMatchObject({ data: null, requestTime: expect.any(Number) });
}

describe('a signed request to GET /api/v2/spot/account/assets', () => {
  it("answers the key owner's paper spot balances in the exchange's shape", async () => {
    const { status, reply } = await sendSigned(h.app, key, { path: ASSETS });
    expect(status).toBe(200);
    expect(reply).toMatchObject({ code: '00000', msg: 'success', requestTime: expect.any(Number) });
    expect(reply.data).toEqual([
      {
        coin: 'USDT',
        available: '10000.00000000',
        frozen: '0.00000000',
        locked: '0',
        limitAvailable: '0',
        uTime: String(T0),
      },
    ]);
  });

  it('takes the coin and assetType query parameters', async () => {
    const btc = await sendSigned(h.app, key, { path: `${ASSETS}?coin=btc` });
    expect(btc.reply.data).toEqual([
      expect.objectContaining({ coin: 'BTC', available: expect.stringMatching(/^0\.0+$/), frozen: expect.any(String) }),
    ]);
    const all = await sendSigned(h.app, key, { path: `${ASSETS}?assetType=all` });
    expect(all.reply.data.length).toBeGreaterThan(2);
    expect(all.reply.data.map((row: { coin: string }) => row.coin)).toContain('ETH');
    expectRefused(await sendSigned(h.app, key, { path: `${ASSETS}?assetType=some` }), '40020');
  });

  it('accepts the demo-trading header paptrading: 1 and requests without it alike', async () => {
    const paper = await sendSigned(h.app, key, { path: ASSETS, headers: { paptrading: '1' } });
    const plain = await sendSigned(h.app, key, { path: ASSETS, headers: { locale: null } });
    expect(paper.reply.code).toBe('00000');
    expect(plain.reply.data).toEqual(paper.reply.data);
  });

  it("reads only the key owner's account, and notes when the key was last used", async () => {
    expect((await alice.get('/v1/user/apikey/list')).data[0].lastUsedAt).toBeNull();
    const bob = await h.account('bob@example.com');
    const bobKey = await bob.credentials();
    const order = { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '0.01' };
    expect((await bob.post('/v1/trade/spot/place-order', order)).code).toBe('00000');
    const bobs = (await sendSigned(h.app, bobKey, { path: ASSETS })).reply.data as Array<{ coin: string }>;
    expect(bobs.map((row) => row.coin).sort()).toEqual(['BTC', 'USDT']);
    const alices = (await sendSigned(h.app, key, { path: ASSETS })).reply.data;
    expect(alices).toEqual([expect.objectContaining({ coin: 'USDT', available: '10000.00000000' })]);
    expect((await alice.get('/v1/user/apikey/list')).data[0].lastUsedAt).toEqual(expect.any(Number));
  });
});

describe('the v2 authentication refuses', () => {
  it('a request without a key, signature, timestamp or passphrase', async () => {
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, headers: { 'ACCESS-KEY': null } }), '40001');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, headers: { 'ACCESS-SIGN': null } }), '40002');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, headers: { 'ACCESS-TIMESTAMP': null } }), '40005');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, headers: { 'ACCESS-TIMESTAMP': '12:00' } }), '40005');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, headers: { 'ACCESS-PASSPHRASE': null } }), '40011');
  });

  it('an unknown or malformed key', async () => {
    const unknown = { ...key, apiKey: `bg_${'f'.repeat(32)}` };
    expectRefused(await sendSigned(h.app, unknown, { path: ASSETS }), '40006');
    expectRefused(await sendSigned(h.app, { ...key, apiKey: 'not a key' }, { path: ASSETS }), '40006');
  });

  it('a wrong signature: another secret, a tampered query, another path or method', async () => {
    expectRefused(await sendSigned(h.app, { ...key, secretKey: 'f'.repeat(64) }, { path: ASSETS }), '40009');
    const query = await sendSigned(h.app, key, { path: `${ASSETS}?coin=BTC`, signedPath: `${ASSETS}?coin=USDT` });
    expectRefused(query, '40009');
    expectRefused(await sendSigned(h.app, key, { path: `${ASSETS}?coin=BTC`, signedPath: ASSETS }), '40009');
    const otherPath = await sendSigned(h.app, key, { path: ASSETS, signedPath: '/api/v2/spot/account/info' });
    expectRefused(otherPath, '40009');
    const timestamp = Date.now();
    const postSigned = accessSign(key.secretKey, String(timestamp), 'POST', ASSETS);
    const asGet = await sendSigned(h.app, key, { path: ASSETS, timestamp, headers: { 'ACCESS-SIGN': postSigned } });
    expectRefused(asGet, '40009');
  });

  it('a wrong passphrase', async () => {
    expectRefused(await sendSigned(h.app, { ...key, passphrase: 'Wrong2passphrase' }, { path: ASSETS }), '40012');
    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('00000');
  });

  it('a timestamp more than 30 s old or ahead', async () => {
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, timestamp: Date.now() - 31_000 }), '40008');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, timestamp: Date.now() + 31_000 }), '40008');
    expect((await sendSigned(h.app, key, { path: ASSETS, timestamp: Date.now() - 25_000 })).reply.code).toBe('00000');
    expect((await sendSigned(h.app, key, { path: ASSETS, timestamp: Date.now() + 25_000 })).reply.code).toBe('00000');
  });

  it('the same signed request sent twice', async () => {
    const timestamp = Date.now();
    expect((await sendSigned(h.app, key, { path: ASSETS, timestamp })).reply.code).toBe('00000');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS, timestamp }), '40008');
    // The next request, a millisecond later, is a new one.
    expect((await sendSigned(h.app, key, { path: ASSETS, timestamp: timestamp + 1 })).reply.code).toBe('00000');
  });

  it('a disabled key at once, and the same key again once enabled', async () => {
    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('00000');
    expect((await alice.post('/v1/user/apikey/disable', { apiKey: key.apiKey })).code).toBe('00000');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS }), '40006');
    alice.grantStepUp('api-key-edit');
    expect((await alice.post('/v1/user/apikey/enable', { apiKey: key.apiKey })).code).toBe('00000');
    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('00000');
  });

  it('a deleted key at once', async () => {
    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('00000');
    alice.grantStepUp('api-key-delete');
    expect((await alice.post('/v1/user/apikey/delete', { apiKey: key.apiKey })).code).toBe('00000');
    expectRefused(await sendSigned(h.app, key, { path: ASSETS }), '40006');
  });

  it('an address outside the allow-list, and takes one inside an address or range of it', async () => {
    const pinned = await alice.credentials({ label: 'pinned', ips: ['203.0.113.7', '10.1.0.0/16', '2001:db8::/32'] });
    // Each request gets its own millisecond: an identical signature would be refused as a replay.
    let timestamp = Date.now();
    const from = (ip: string) => sendSigned(h.app, pinned, { path: ASSETS, ip, timestamp: timestamp++ });
    expectRefused(await from(CLIENT_IP), '40018');
    expectRefused(await from('10.2.0.1'), '40018');
    expectRefused(await from('2001:db9::1'), '40018');
    for (const ip of ['203.0.113.7', '10.1.255.254', '2001:db8:1::5', '::ffff:10.1.0.9']) {
      expect((await from(ip)).reply.code, ip).toBe('00000');
    }
    // A change to the list applies to the next request.
    alice.grantStepUp('api-key-edit');
    expect((await alice.post('/v1/user/apikey/update', { apiKey: pinned.apiKey, ips: [] })).code).toBe('00000');
    expect((await sendSigned(h.app, pinned, { path: ASSETS, ip: CLIENT_IP })).reply.code).toBe('00000');
  });

  it('nothing on the public market API or an unknown path, which need no key', async () => {
    const res = await h.app.request('http://localhost/api/v2/spot/market/tickers?symbol=BTCUSDT');
    expect(((await res.json()) as { code: string }).code).toBe('00000');
    const symbols = await h.app.request('http://localhost/api/v2/spot/public/symbols');
    expect(((await symbols.json()) as { code: string }).code).toBe('00000');
    // An unknown path is not found, with or without a key; a known one with the wrong method too.
    expect((await sendSigned(h.app, key, { path: '/api/v2/spot/account/nothing' })).reply.code).toBe('40404');
    const post = await sendSigned(h.app, key, { method: 'POST', path: ASSETS, body: '{}' });
    expect(post.reply.code).toBe('40404');
  });
});
