import type { Database } from 'better-sqlite3';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyAuth, requirePermission } from '../../../../gateway/v2-api/api-key-auth';
import { type ApiKeyEnv, apiCallerOf } from '../../../../gateway/v2-api/api-key-env';
import { type ApiPermission, readPermissions } from '../../../../gateway/api-keys/api-key-rules';
import { type ApiKeyStore, createApiKeyStore } from '../../../../gateway/api-keys/api-key-store';
import { createReplayStore } from '../../../../gateway/security/replay-store';
import { hashPassword } from '../../../../gateway/auth/password-hash';
import { createUserStore } from '../../../../gateway/auth/user-store';
import { openDatabase } from '../../../../gateway/open-database';
import { replyError } from '../../../../gateway/http/envelope';
import { GatewayError } from '../../../../gateway/http/gateway-error';
import { requestOrigin } from '../../../../gateway/http/request-origin';
import { createLogger } from '../../../../gateway/log/logger';
import { TEST_SCRYPT } from '../auth/auth-support';
import { T0, tempDir } from '../support';
import { type KeyCredentials, PASSPHRASE, sendSigned } from '../api-keys/apikey-support';
import { NO_REFERRAL } from '../../../../gateway/auth/auth-fields';

const PLACE = '/api/v2/spot/trade/place-order';
const INFO = '/api/v2/spot/account/info';
const SECRET_KEY = Buffer.alloc(32, 7);

let dir: ReturnType<typeof tempDir>;
let db: Database;
let store: ApiKeyStore;
let clock: { now: number };
let userId: string;

/** The middleware alone in front of two tiny routes, one declared `spot_trade` and one `read`, on a test clock. */
function appOver(database: Database): Hono<ApiKeyEnv> {
  const app = new Hono<ApiKeyEnv>();
  app.use('*', requestOrigin({ trustProxy: true }));
  const logger = createLogger('silent');
  const auth = apiKeyAuth({ store, replays: createReplayStore(database), logger, now: () => clock.now });
  app.post(PLACE, auth, requirePermission('spot_trade'), async (c) =>
    c.json({ code: '00000', data: { caller: apiCallerOf(c), body: await c.req.json() } }),
  );
  app.get(INFO, auth, requirePermission('read'), (c) => c.json({ code: '00000', data: { caller: apiCallerOf(c) } }));
  app.onError((error, c) => {
    if (error instanceof GatewayError) return replyError(c, error);
    throw error;
  });
  return app;
}

async function keyWith(permissions: ApiPermission[], ips: string[] = []): Promise<KeyCredentials> {
  const passphraseHash = await hashPassword(PASSPHRASE, TEST_SCRYPT);
  const made = store.create(
    { userId, label: 'test', permissions: readPermissions(permissions), ips, passphraseHash },
    clock.now,
  );
  if (made === 'limit') throw new Error('limit');
  return { apiKey: made.view.apiKey, secretKey: made.secret, passphrase: PASSPHRASE };
}

beforeEach(() => {
  dir = tempDir('gateway-apikey-mw-');
  db = openDatabase(dir.path);
  clock = { now: T0 };
  store = createApiKeyStore(db, SECRET_KEY);
  const user = createUserStore(db).insert({
    email: 'bot@example.com',
    areaCode: null,
    mobile: null,
    passwordHash: 'x',
    createdAt: T0,
    referral: NO_REFERRAL,
  });
  if (user === 'duplicate') throw new Error('duplicate');
  userId = user.id;
});
afterEach(() => {
  db.close();
  dir.remove();
});

describe('requirePermission', () => {
  it('refuses a read-only key on a route declared spot_trade, and lets a trading key through', async () => {
    const app = appOver(db);
    const body = JSON.stringify({ symbol: 'BTCUSDT', side: 'buy' });
    const readOnly = await keyWith([]);
    const refused = await sendSigned(app, readOnly, { method: 'POST', path: PLACE, body, timestamp: clock.now });
    expect(refused.status).toBe(400);
    expect(refused.reply).toMatchObject({ code: '40014', msg: 'Incorrect permissions, need spot_trade permissions' });
    expect((await sendSigned(app, readOnly, { path: INFO, timestamp: clock.now })).reply.code).toBe('00000');

    const trader = await keyWith(['spot_trade']);
    const placed = await sendSigned(app, trader, { method: 'POST', path: PLACE, body, timestamp: clock.now });
    expect(placed.reply).toEqual({
      code: '00000',
      data: {
        caller: {
          userId,
          apiKey: trader.apiKey,
          permissions: ['read', 'spot_trade'],
          paperTrading: false,
          locale: 'en-US',
        },
        // The route still reads the body the check hashed.
        body: { symbol: 'BTCUSDT', side: 'buy' },
      },
    });
  });

  it('records the demo-trading header', async () => {
    const app = appOver(db);
    const key = await keyWith(['spot_trade']);
    const paper = await sendSigned(app, key, { path: INFO, timestamp: clock.now, headers: { paptrading: '1' } });
    expect(paper.reply.data.caller.paperTrading).toBe(true);
  });
});

describe('apiKeyAuth', () => {
  it('takes a timestamp up to 30 s from its clock either way, and not a millisecond more', async () => {
    const app = appOver(db);
    const key = await keyWith([]);
    const at = (timestamp: number) => sendSigned(app, key, { path: INFO, timestamp });
    expect((await at(clock.now - 30_000)).reply.code).toBe('00000');
    expect((await at(clock.now + 30_000)).reply.code).toBe('00000');
    expect((await at(clock.now - 30_001)).reply.code).toBe('40008');
    expect((await at(clock.now + 30_001)).reply.code).toBe('40008');
  });

  it('refuses a body changed after signing', async () => {
    const app = appOver(db);
    const key = await keyWith(['spot_trade']);
    const tampered = await sendSigned(app, key, {
      method: 'POST',
      path: PLACE,
      body: '{"symbol":"BTCUSDT","size":"100"}',
      signedBody: '{"symbol":"BTCUSDT","size":"1"}',
      timestamp: clock.now,
    });
    expect(tampered.reply.code).toBe('40009');
  });

  it('refuses a body sent as anything but JSON', async () => {
    const key = await keyWith(['spot_trade']);
    const form = await sendSigned(appOver(db), key, {
      method: 'POST',
      path: PLACE,
      body: 'symbol=BTCUSDT',
      timestamp: clock.now,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.reply.code).toBe('40007');
  });

  it('refuses a replay also after a restart within the window, and forgets it once the window has passed', async () => {
    const key = await keyWith([]);
    const timestamp = clock.now;
    expect((await sendSigned(appOver(db), key, { path: INFO, timestamp })).reply.code).toBe('00000');
    // A new gateway over the same data (a restart) still knows the signature.
    db.close();
    db = openDatabase(dir.path);
    store = createApiKeyStore(db, SECRET_KEY);
    const restarted = appOver(db);
    expect((await sendSigned(restarted, key, { path: INFO, timestamp })).reply.code).toBe('40008');
    clock.now += 30_001;
    expect((await sendSigned(restarted, key, { path: INFO, timestamp })).reply.code).toBe('40008');
    expect((await sendSigned(restarted, key, { path: INFO, timestamp: clock.now })).reply.code).toBe('00000');
  });

  it('refuses a wrong passphrase also after the right one was proved', async () => {
    const app = appOver(db);
    const key = await keyWith([]);
    expect((await sendSigned(app, key, { path: INFO, timestamp: clock.now })).reply.code).toBe('00000');
    const wrong = { ...key, passphrase: `${PASSPHRASE}x` };
    expect((await sendSigned(app, wrong, { path: INFO, timestamp: clock.now + 1 })).reply.code).toBe('40012');
    expect((await sendSigned(app, key, { path: INFO, timestamp: clock.now + 2 })).reply.code).toBe('00000');
  });

  it('refuses a key whose secret no longer opens (the server key changed)', async () => {
    const key = await keyWith([]);
    store = createApiKeyStore(db, Buffer.alloc(32, 8));
    expect((await sendSigned(appOver(db), key, { path: INFO, timestamp: clock.now })).reply.code).toBe('40006');
  });

  it('refuses a request from no known address when the key has an allow-list', async () => {
    const key = await keyWith([], ['0.0.0.0/0']);
    const app = appOver(db);
    expect((await sendSigned(app, key, { path: INFO, timestamp: clock.now, ip: '192.0.2.1' })).reply.code).toBe(
      '00000',
    );
    const unknown = await sendSigned(app, key, {
      path: INFO,
      timestamp: clock.now + 1,
      headers: { 'x-forwarded-for': null },
    });
    expect(unknown.reply.code).toBe('40018');
  });
});
