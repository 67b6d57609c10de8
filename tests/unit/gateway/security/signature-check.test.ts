import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonBody } from '../../../../gateway/http/read-json-body';
import { createLogger } from '../../../../gateway/log/logger';
import { createDeviceKeyStore } from '../../../../gateway/security/device-keys';
import { createSignPolicy, DEFAULT_SIGN_POLICY, type SignPolicy } from '../../../../gateway/security/sign-config';
import { signatureCheck } from '../../../../gateway/security/signature-check';
import { type ClientKey, makeClientKey, newTraceId, signedHeaders } from './ds1-client';
import { bareApp, makeSecurityDb, NOW } from './harness';

const CUSTOM = 'traceId,body,h:X-App-Version';
const policy = createSignPolicy({ signModes: { ...DEFAULT_SIGN_POLICY.signModes, '/v1/trade/custom': CUSTOM } });
let t: ReturnType<typeof makeSecurityDb>;
let mine: ClientKey;
let theirs: ClientKey;
let unbound: ClientKey;
beforeAll(() => {
  t = makeSecurityDb();
  mine = makeClientKey('rsa2048');
  theirs = makeClientKey('rsa1024');
  unbound = makeClientKey('rsa1024');
  const store = createDeviceKeyStore(t.db);
  store.bindDeviceKey({ ...mine, userId: 'user-a', sessionId: 'session-a' });
  store.bindDeviceKey({ ...theirs, userId: 'user-b', sessionId: 'session-b' });
});
afterAll(() => t.close());

const reasons: string[] = [];
const lastReason = () => reasons.at(-1);

function makeApp(config: SignPolicy = policy) {
  const app = bareApp();
  app.use(
    '*',
    signatureCheck({
      db: t.db,
      config,
      now: () => NOW,
      // Debug lines carry the reason behind a code, so a test can tell which check refused.
      logger: createLogger('debug', (line) => {
        reasons.push((JSON.parse(line) as { reason?: string }).reason ?? '');
      }),
      sessionOf: (c) => {
        const id = c.req.header('x-test-session');
        return id ? { sessionId: id, userId: `user-of-${id}` } : null;
      },
    }),
  );
  // The route reads the body as routes do (readJsonBody streams c.req.raw), proving the check left it unread.
  app.all('/v1/*', async (c) => c.json({ reached: true, body: c.req.method === 'GET' ? null : await readJsonBody(c) }));
  return app;
}
let app: ReturnType<typeof makeApp>;
beforeAll(() => {
  app = makeApp();
});

interface Send {
  mode: string;
  method?: string;
  target?: string;
  body?: string;
  headers?: Record<string, string>;
  session?: string | null;
  client?: ClientKey;
  requestTime?: string;
  traceId?: string;
  /** Changes the headers after signing. */
  edit?: (headers: Record<string, string>) => void;
  /** Sends to another target than the signed one. */
  sendTo?: string;
  sendBody?: string;
}

async function send(input: Send, on = app) {
  const method = input.method ?? (input.body === undefined ? 'GET' : 'POST');
  const target = input.target ?? '/v1/trade/spot/order?symbol=BTCUSDT&_t=1';
  const headers = signedHeaders({
    client: input.client ?? mine,
    mode: input.mode,
    method,
    target,
    requestTime: input.requestTime ?? String(NOW),
    traceId: input.traceId ?? newTraceId(),
    body: input.body,
    headers: input.headers,
  });
  if (input.session !== null) headers['x-test-session'] = input.session ?? 'session-a';
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  input.edit?.(headers);
  const res = await on.request(input.sendTo ?? target, { method, headers, body: input.sendBody ?? input.body });
  return {
    status: res.status,
    signError: res.headers.get('gateway-sign-error'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

const passed = { status: 200, signError: null };
const rejected = (code: string) => ({
  status: 200,
  signError: code,
  body: { code, msg: expect.any(String), data: null },
});

describe('signatureCheck: accepted requests', () => {
  it('mode "1" on a path that needs "1"', async () => {
    expect(await send({ mode: '1', target: '/v1/user/overview/userinfo?coin=BTC' })).toMatchObject({
      ...passed,
      body: { reached: true },
    });
  });
  it('mode "2" on an account read that asks for "2"', async () => {
    expect(await send({ mode: '2', target: '/v1/user/setting/overview' })).toMatchObject(passed);
  });
  it('mode "3" with a JSON body the route can still read', async () => {
    const result = await send({ mode: '3', body: '{"price":"10.5","size":"2"}' });
    expect(result).toEqual({ ...passed, body: { reached: true, body: { price: '10.5', size: '2' } } });
  });
  it('mode "3" on a GET without a body', async () => {
    expect(await send({ mode: '3' })).toMatchObject(passed);
  });
  it('a stronger mode than configured', async () => {
    expect(await send({ mode: '3', target: '/v1/user/setting/overview' })).toMatchObject(passed);
  });
  it('a custom list with a header', async () => {
    const result = await send({
      mode: CUSTOM,
      target: '/v1/trade/custom',
      body: '{"a":1}',
      headers: { 'x-app-version': '2.37.0' },
    });
    expect(result).toMatchObject(passed);
  });
  it('request-time in the previous 100-second bucket', async () => {
    expect(await send({ mode: '3', target: '/v1/asset/x', requestTime: String(NOW - 100_000) })).toMatchObject(passed);
  });
});

describe('signatureCheck: requests it leaves alone', () => {
  it('no session: passes without any header', async () => {
    const res = await app.request('/v1/trade/spot/order');
    expect(res.headers.get('gateway-sign-error')).toBeNull();
    expect(await res.json()).toEqual({ reached: true, body: null });
  });
  it('not a core url: passes without any header', async () => {
    const res = await app.request('/v1/user/overview/other', { headers: { 'x-test-session': 'session-a' } });
    expect(await res.json()).toEqual({ reached: true, body: null });
  });
  it('clientOpen false: passes without any header', async () => {
    const res = await makeApp(createSignPolicy({ clientOpen: false })).request('/v1/trade/x', {
      headers: { 'x-test-session': 'session-a' },
    });
    expect(await res.json()).toEqual({ reached: true, body: null });
  });
});

describe('signatureCheck: 00020 missing', () => {
  it.each(['device-sign', 'device-sign-mode', 'device-sign-key', 'request-time', 'trace-id'])(
    'without %s',
    async (name) => {
      expect(await send({ mode: '1', edit: (h) => delete h[name] })).toMatchObject(rejected('00020'));
    },
  );
  it('without device-sign-data-md5 when the body is covered', async () => {
    expect(await send({ mode: '3', body: '{}', edit: (h) => delete h['device-sign-data-md5'] })).toMatchObject(
      rejected('00020'),
    );
  });
});

describe('signatureCheck: 00021 mode not matched', () => {
  it('mode "1" where "3" is configured', async () => {
    expect(await send({ mode: '1' })).toMatchObject(rejected('00021'));
  });
  it('mode "2" where "3" is configured', async () => {
    expect(await send({ mode: '2', body: '{}' })).toMatchObject(rejected('00021'));
  });
  it('mode "3" where the custom list also needs a header', async () => {
    expect(await send({ mode: '3', target: '/v1/trade/custom', body: '{}' })).toMatchObject(rejected('00021'));
  });
  it('a malformed mode', async () => {
    expect(await send({ mode: 'path,time,everything', target: '/v1/asset/x' })).toMatchObject(rejected('00021'));
  });
});

describe('signatureCheck: 00022 expired or replayed', () => {
  it('request-time two buckets old', async () => {
    expect(await send({ mode: '3', requestTime: String(NOW - 140_000) })).toMatchObject(rejected('00022'));
  });
  it('request-time in the next bucket', async () => {
    expect(await send({ mode: '3', requestTime: String(NOW + 100_000) })).toMatchObject(rejected('00022'));
  });
  it('a signed request sent a second time', async () => {
    const traceId = newTraceId();
    expect(await send({ mode: '3', traceId })).toMatchObject(passed);
    expect(await send({ mode: '3', traceId })).toMatchObject(rejected('00022'));
    expect(lastReason()).toBe('replayed signature');
  });
  it('a mode "1" signature replayed under a fresh trace id', async () => {
    const target = '/v1/asset/replay-mode-1';
    const requestTime = String(NOW - 1);
    const first = signedHeaders({
      client: mine,
      mode: '1',
      method: 'POST',
      target,
      requestTime,
      traceId: newTraceId(),
    });
    const again = { ...first, 'trace-id': newTraceId() };
    const post = async (headers: Record<string, string>) =>
      (
        await makeApp(createSignPolicy({ signModes: {} })).request(target, {
          method: 'POST',
          headers: { ...headers, 'x-test-session': 'session-a' },
        })
      ).headers.get('gateway-sign-error');
    expect(await post(first)).toBeNull();
    expect(await post(again)).toBe('00022');
    expect(lastReason()).toBe('replayed signature');
  });
  it('a replay after the gateway restarted on the same data', async () => {
    const traceId = newTraceId();
    expect(await send({ mode: '3', traceId })).toMatchObject(passed);
    // A new middleware over the same database, as a restarted gateway builds it.
    expect(await send({ mode: '3', traceId }, makeApp())).toMatchObject(rejected('00022'));
  });
  it('a malformed request-time', async () => {
    expect(await send({ mode: '3', requestTime: 'soon' })).toMatchObject(rejected('00022'));
  });
});

describe('signatureCheck: 00023 invalid', () => {
  it('a body md5 that does not match the body', async () => {
    expect(await send({ mode: '3', body: '{"size":"1"}', sendBody: '{"size":"9"}' })).toMatchObject(rejected('00023'));
    expect(lastReason()).toBe('body md5');
  });
  it('a body changed together with its md5 header', async () => {
    const edit = (h: Record<string, string>) => {
      h['device-sign-data-md5'] = createHash('md5').update('{"size":"9"}').digest('hex');
    };
    expect(await send({ mode: '3', body: '{"size":"1"}', sendBody: '{"size":"9"}', edit })).toMatchObject(
      rejected('00023'),
    );
    expect(lastReason()).toBe('bad signature');
  });
  it('an unknown key id', async () => {
    expect(await send({ mode: '3', client: unbound })).toMatchObject(rejected('00023'));
    expect(lastReason()).toBe('unknown key');
  });
  it("another session's key, even with its own valid signature", async () => {
    expect(await send({ mode: '3', client: theirs })).toMatchObject(rejected('00023'));
    expect(lastReason()).toBe('key of another session');
  });
  it('a forged signature', async () => {
    expect(await send({ mode: '3', client: { ...unbound, keyId: mine.keyId } })).toMatchObject(rejected('00023'));
    expect(lastReason()).toBe('bad signature');
  });
  it('a changed query string', async () => {
    const target = '/v1/trade/spot/order?symbol=BTCUSDT';
    expect(await send({ mode: '3', target, sendTo: '/v1/trade/spot/order?symbol=ETHUSDT' })).toMatchObject(
      rejected('00023'),
    );
    expect(lastReason()).toBe('bad signature');
  });
  it('a changed method', async () => {
    const headers = signedHeaders({
      client: mine,
      mode: '3',
      method: 'PUT',
      target: '/v1/trade/x',
      requestTime: String(NOW),
      traceId: newTraceId(),
      body: '{}',
    });
    const res = await app.request('/v1/trade/x', {
      method: 'POST',
      headers: { ...headers, 'x-test-session': 'session-a' },
      body: '{}',
    });
    expect(res.headers.get('gateway-sign-error')).toBe('00023');
  });
  it('a changed signed header', async () => {
    const result = await send({
      mode: CUSTOM,
      target: '/v1/trade/custom',
      body: '{}',
      headers: { 'x-app-version': '2.37.0' },
      edit: (h) => {
        h['x-app-version'] = '9.9.9';
      },
    });
    expect(result).toMatchObject(rejected('00023'));
  });
  it('a signature that is not base64', async () => {
    expect(await send({ mode: '3', edit: (h) => Object.assign(h, { 'device-sign': '%%%' }) })).toMatchObject(
      rejected('00023'),
    );
  });
});

describe('signatureCheck: bodies', () => {
  it('refuses a mode "3" body over the limit with 413', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
    const result = await send({ mode: '3', body });
    expect(result.status).toBe(413);
  });
});
