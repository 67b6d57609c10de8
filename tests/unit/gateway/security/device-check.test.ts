import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../gateway/log/logger';
import { deviceCheckRoutes } from '../../../../gateway/security/device-check';
import { createDeviceKeyStore, hashUserId } from '../../../../gateway/security/device-keys';
import { createSignPolicy, DEFAULT_SIGN_POLICY } from '../../../../gateway/security/sign-config';
import { type ClientKey, deviceCheckSign, makeClientKey, newTraceId } from './ds1-client';
import { bareApp, makeSecurityDb, NOW } from './harness';
import { expectRefused } from '../refusal-support';

const URL = DEFAULT_SIGN_POLICY.userCheckDeviceUrl;
let t: ReturnType<typeof makeSecurityDb>;
let known: ClientKey;
let stranger: ClientKey;
let app: ReturnType<typeof bareApp>;
beforeAll(() => {
  t = makeSecurityDb();
  known = makeClientKey('rsa2048');
  stranger = makeClientKey('rsa2048');
  const store = createDeviceKeyStore(t.db);
  store.bindDeviceKey({ ...known, userId: 'user-1', sessionId: 'old-session' });
  // The device check runs logged out: the key must still be there after logout.
  store.unbindSession('old-session');
  app = bareApp();
  app.route(
    '/',
    deviceCheckRoutes({ db: t.db, config: DEFAULT_SIGN_POLICY, now: () => NOW, logger: createLogger('silent') }),
  );
});
afterAll(() => t.close());

interface Check {
  client?: ClientKey;
  userId?: string;
  lastAlgorithm?: string;
  requestTime?: string;
  traceId?: string;
  signedPath?: string;
}

async function check(input: Check = {}, on = app) {
  const requestTime = input.requestTime ?? String(NOW);
  const traceId = input.traceId ?? newTraceId();
  const body = {
    userIdHash: hashUserId(input.userId ?? 'user-1'),
    lastAlgorithm: input.lastAlgorithm ?? 'rsa2048',
    userCheckDeviceSign: deviceCheckSign(input.client ?? known, 'POST', input.signedPath ?? URL, requestTime, traceId),
  };
  const res = await on.request(URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'request-time': requestTime, 'trace-id': traceId },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: string; data: { trusted: boolean } | null } };
}

const trusted = (value: boolean) => ({
  status: 200,
  body: { code: '00000', msg: 'success', data: { trusted: value } },
});

describe('device check', () => {
  it('trusts a signature by a key bound to the user', async () => {
    expect(await check()).toEqual(trusted(true));
  });
  it('does not trust another key', async () => {
    expect(await check({ client: stranger })).toEqual(trusted(false));
  });
  it('answers an unknown user exactly like a bad signature', async () => {
    expect(await check({ userId: 'nobody' })).toEqual(trusted(false));
  });
  it('does not trust a key of another algorithm than lastAlgorithm', async () => {
    expect(await check({ lastAlgorithm: 'rsa1024' })).toEqual(trusted(false));
  });
  it('does not trust a signature over another path', async () => {
    expect(await check({ signedPath: '/v1/user/login' })).toEqual(trusted(false));
  });
  it('does not trust a stale request-time', async () => {
    expect(await check({ requestTime: String(NOW - 140_000) })).toEqual(trusted(false));
  });
  it('does not trust a replayed check', async () => {
    const traceId = newTraceId();
    expect(await check({ traceId })).toEqual(trusted(true));
    expect(await check({ traceId })).toEqual(trusted(false));
  });
  it('does not trust anyone when signing is off', async () => {
    const off = bareApp();
    off.route(
      '/',
      deviceCheckRoutes({
        db: t.db,
        config: createSignPolicy({ clientOpen: false }),
        now: () => NOW,
        logger: createLogger('silent'),
      }),
    );
    expect(await check({}, off)).toEqual(trusted(false));
  });
  it('rejects a malformed userIdHash with 40002', async () => {
    const res = await app.request(URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'request-time': String(NOW), 'trace-id': newTraceId() },
      body: JSON.stringify({ userIdHash: 'user-1', lastAlgorithm: 'rsa2048', userCheckDeviceSign: 'AA==' }),
    });
    await expectRefused(res, '40002', 'userIdHash');
  });
});
