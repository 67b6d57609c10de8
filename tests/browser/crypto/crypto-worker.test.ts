import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeysDb } from './keys-db';
import {
  freshDbName,
  hex,
  makeConfig,
  makeRoot,
  makeServer,
  md5Hex,
  openJwe,
  sha256Hex,
  startCryptoWorker,
  type TestRoot,
  type TestServer,
  unb64,
  verifyWith,
} from './ds1-page-keys';

let root: TestRoot;
let server: TestServer;
let config: Record<string, unknown>;
const dbName = freshDbName();
const loginToken = 'login-token-cookie-value';
const userId = '1234567890';

beforeAll(async () => {
  root = await makeRoot();
  server = await makeServer();
  config = await makeConfig(root, server);
});

afterAll(async () => {
  await Dexie.delete(dbName);
});

/** Remembered across the tests of this file: the public key the worker put in the login envelope. */
let publicKey = '';

describe('crypto worker on WebCrypto', () => {
  it('sets up to ready, encrypts a login the server key opens, and binds the pair after login', async () => {
    const { api, stop } = startCryptoWorker();
    await api.configureForTests({ dbName });
    const { state, reports } = await api.setup({ config, rootCertPem: root.pem });
    expect(reports).toEqual([]);
    expect(state).toMatchObject({
      phase: 'ready',
      backend: 'webcrypto',
      keyStorage: 'indexeddb',
      secureContext: true,
      defaultAlgorithm: 'rsa2048',
    });

    const ts = Date.now();
    const result = await api.encryptLogin({
      path: '/v1/user/login',
      body: { loginName: 'alice', pwd: 'hunter2', areaCode: '86' },
      ts,
    });
    if (result.status !== 'encrypted') throw new Error(result.status);
    expect(Object.keys(result.body).sort()).toEqual(['areaCode', 'bodyCiphertext']);
    const { header, plaintext } = await openJwe(result.body.bodyCiphertext as string, server);
    const fp = md5Hex(server.spkiB64);
    expect(header).toBe(`{"alg":"RSA-OAEP-256","enc":"A128CBC-HS256","kid":"${fp}"}`);
    expect(plaintext).toMatchObject({
      loginName: 'alice',
      pwd: 'hunter2',
      algorithm: 'rsa2048',
      ts,
      path: '/v1/user/login',
    });
    publicKey = plaintext.publicKey as string;
    const initText = `DS1-init\n/v1/user/login\n${ts}\n${fp}\n${publicKey}`;
    expect(await verifyWith(publicKey, plaintext.initSign as string, initText)).toBe(true);
    expect(result.keyId).toBe((await sha256Hex(unb64(publicKey))).slice(0, 32));

    expect(await api.afterLogin({ loginToken, userId })).toEqual({ bound: true, keyId: result.keyId });
    stop();
  });

  it('stores an rsa2048 pair in IndexedDB whose private key cannot be exported', async () => {
    const db = new KeysDb(dbName);
    const rows = await db.keys.toArray();
    db.close();
    expect(rows.map((r) => r.id).sort()).toEqual(
      ['a:rsa2048', `t:${await sha256Hex(loginToken)}`, `u:${await sha256Hex(userId)}`].sort(),
    );
    const row = rows.find((r) => r.id === 'a:rsa2048')!;
    expect(row.publicKey).toBe(publicKey);
    const privateKey = row.privateKey as CryptoKey;
    expect(privateKey).toBeInstanceOf(CryptoKey);
    expect(privateKey.extractable).toBe(false);
    expect((privateKey.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
    await expect(crypto.subtle.exportKey('pkcs8', privateKey)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', privateKey)).rejects.toThrow();
  });

  it('after a restart, reuses the stored pair: core requests and device checks verify in the page', async () => {
    const { api, stop } = startCryptoWorker();
    await api.configureForTests({ dbName });
    expect((await api.setup({ config, rootCertPem: root.pem })).state.phase).toBe('ready');

    const body = JSON.stringify({ symbol: 'BTCUSDT', size: '0.01' });
    const requestTime = String(Date.now());
    const traceId = hex(crypto.getRandomValues(new Uint8Array(16)));
    const signed = await api.signRequest({
      method: 'post',
      pathWithQuery: '/v1/mix/order/place?x=1',
      requestTime,
      traceId,
      body,
      loginToken,
    });
    if (!signed.signed) throw new Error(signed.skipped);
    expect(signed.headers['device-sign-key']).toBe((await sha256Hex(unb64(publicKey))).slice(0, 32));
    expect(signed.headers['device-sign-mode']).toBe('3');
    expect(signed.headers['device-sign-data-md5']).toBe(md5Hex(body));
    const text = `DS1\n3\nPOST\n/v1/mix/order/place?x=1\n${requestTime.slice(0, 8)}\n${traceId}\n${md5Hex(body)}`;
    expect(await verifyWith(publicKey, signed.headers['device-sign'], text)).toBe(true);

    const check = await api.deviceCheck({ method: 'POST', path: '/v1/user/checkDevice', requestTime, traceId, userId });
    if (!check.ok) throw new Error(check.reason);
    expect(check.fields.userIdHash).toBe(await sha256Hex(userId));
    expect(check.fields.lastAlgorithm).toBe('rsa2048');
    const checkText = `DS1-check\nPOST\n/v1/user/checkDevice\n${requestTime.slice(0, 8)}\n${traceId}`;
    expect(await verifyWith(publicKey, check.fields.userCheckDeviceSign, checkText)).toBe(true);
    stop();
  });

  it('prepares a request in one trip: the body sent is the body signed, a device check carries its proof, one without a pair is not sent', async () => {
    const { api, stop } = startCryptoWorker();
    await api.configureForTests({ dbName });
    expect((await api.setup({ config, rootCertPem: root.pem })).state.phase).toBe('ready');
    const requestTime = String(Date.now());
    const traceId = hex(crypto.getRandomValues(new Uint8Array(16)));
    const base = { method: 'POST', requestTime, traceId, loginToken };

    const order = await api.prepareRequest({
      ...base,
      path: '/v1/mix/order/place',
      pathWithQuery: '/v1/mix/order/place',
      body: { symbol: 'BTCUSDT', size: '0.01' },
    });
    if (order.status !== 'ready') throw new Error(order.status);
    expect(order.bodyText).toBe('{"symbol":"BTCUSDT","size":"0.01"}');
    expect(order.headers['device-sign-data-md5']).toBe(md5Hex(order.bodyText!));
    const text = `DS1\n3\nPOST\n/v1/mix/order/place\n${requestTime.slice(0, 8)}\n${traceId}\n${md5Hex(order.bodyText!)}`;
    expect(await verifyWith(publicKey, order.headers['device-sign']!, text)).toBe(true);

    const login = await api.prepareRequest({
      ...base,
      path: '/v1/user/login',
      pathWithQuery: '/v1/user/login',
      body: { loginName: 'alice', pwd: 'hunter2' },
    });
    if (login.status !== 'ready') throw new Error(login.status);
    expect(Object.keys(JSON.parse(login.bodyText!))).toEqual(['bodyCiphertext']);
    expect(login.bodyText).not.toContain('hunter2');

    const check = { ...base, path: '/v1/user/checkDevice', pathWithQuery: '/v1/user/checkDevice' };
    const known = await api.prepareRequest({ ...check, body: { userIdHash: await sha256Hex(userId) } });
    if (known.status !== 'ready') throw new Error(known.status);
    const fields = JSON.parse(known.bodyText!);
    const checkText = `DS1-check\nPOST\n/v1/user/checkDevice\n${requestTime.slice(0, 8)}\n${traceId}`;
    expect(await verifyWith(publicKey, fields.userCheckDeviceSign, checkText)).toBe(true);
    expect(await api.prepareRequest({ ...check, body: { userIdHash: await sha256Hex('someone-else') } })).toEqual({
      status: 'refused',
      reason: 'no-key',
    });
    stop();
  });

  it("skips signing without a login token, off core urls, without request-time or after a reset; device checks need the user's pair", async () => {
    const { api, stop } = startCryptoWorker();
    await api.configureForTests({ dbName });
    await api.setup({ config, rootCertPem: root.pem });
    const base = { method: 'GET', requestTime: String(Date.now()), traceId: 'a'.repeat(32) };
    expect(await api.signRequest({ ...base, pathWithQuery: '/v1/mix/x' })).toEqual({
      signed: false,
      skipped: 'no-login-token',
    });
    expect(await api.signRequest({ ...base, pathWithQuery: '/v1/other', loginToken })).toEqual({
      signed: false,
      skipped: 'not-core-url',
    });
    expect(await api.signRequest({ ...base, pathWithQuery: '/v1/mix/x', loginToken: 'unknown-token' })).toEqual({
      signed: false,
      skipped: 'no-key',
    });
    expect(await api.signRequest({ ...base, requestTime: undefined, pathWithQuery: '/v1/mix/x', loginToken })).toEqual({
      signed: false,
      skipped: 'missing-request-time',
    });
    await expect(api.signRequest({ ...base, method: 'GET /', pathWithQuery: '/v1/mix/x', loginToken })).rejects.toThrow(
      'method must be an HTTP method name',
    );
    const check = {
      method: 'POST',
      path: '/v1/user/checkDevice',
      requestTime: base.requestTime,
      traceId: base.traceId,
    };
    expect(await api.deviceCheck({ ...check, userId: 'someone-else' })).toEqual({ ok: false, reason: 'no-key' });
    expect(await api.deviceCheck({ ...check, path: '/v1/user/other', userId })).toEqual({
      ok: false,
      reason: 'not-device-check-url',
    });
    // After the failure policy resets the config, nothing is signed until setup runs again.
    expect((await api.reset()).phase).toBe('idle');
    expect(await api.signRequest({ ...base, pathWithQuery: '/v1/mix/x', loginToken })).toEqual({
      signed: false,
      skipped: 'not-ready',
    });
    stop();
  });

  it('ends initFailed on a server key signed by another root and never lets login fields out in clear', async () => {
    const { api, stop } = startCryptoWorker();
    await api.configureForTests({ dbName });
    const forged = await makeConfig(await makeRoot(), server);
    const { state, reports } = await api.setup({ config: forged, rootCertPem: root.pem });
    expect(state.phase).toBe('initFailed');
    expect(reports).toEqual([
      { event: 'gatewaySignVerifyFailed', reason: 'serverPublicKeySign rejected by the root key' },
    ]);
    const result = await api.encryptLogin({
      path: '/v1/user/login',
      body: { loginName: 'a', pwd: 'b' },
      ts: Date.now(),
    });
    expect(result).toEqual({ status: 'blocked', reason: 'setup-failed', reports: [] });
    // Unrelated requests still go out as they are.
    expect(await api.encryptLogin({ path: '/v1/mix/order/place', body: { size: '1' }, ts: Date.now() })).toEqual({
      status: 'clear',
      body: { size: '1' },
    });
    stop();
  });

  it('passes everything through when the server turns signing off', async () => {
    const { api, stop } = startCryptoWorker();
    await api.configureForTests({ dbName });
    expect((await api.setup({ config: { clientOpen: false }, rootCertPem: root.pem })).state.phase).toBe('disabled');
    expect(await api.encryptLogin({ path: '/v1/user/login', body: { pwd: 'b' }, ts: Date.now() })).toEqual({
      status: 'clear',
      body: { pwd: 'b' },
    });
    stop();
  });
});
