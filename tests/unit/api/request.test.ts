import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../../gateway/server';
import {
  createRequestClient,
  type OutgoingRequest,
  RequestError,
  type RequestEnvironment,
  type RequestSecurity,
  type RequestText,
} from '../../../src/api/request';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

let gateway: Awaited<ReturnType<typeof startGateway>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'request-layer-'));
  gateway = await startGateway({ port: 0, dataDir, faults: true, logLevel: 'silent' });
});

afterAll(async () => {
  await gateway.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  await fetch(`${gateway.url}/__faults`, { method: 'DELETE' });
});

async function fault(spec: Record<string, unknown>) {
  const response = await fetch(`${gateway.url}/__faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  expect(response.ok).toBe(true);
}

const TEXTS: Record<RequestText, string> = {
  timeout: 'Request timed out!',
  expired: 'Login expired, please log in again',
  unknow: 'The system is busy',
  notfound: 'Request error',
  forbidden: 'Request is forbidden',
  status: '{status} The system is busy',
  network: 'Network error',
  noData: 'No data',
  badReply: 'Bad reply',
  secureFailed: 'Not secured',
};

function setup(overrides: Partial<RequestEnvironment> = {}) {
  const toasts: string[] = [];
  let expired = 0;
  const env: RequestEnvironment = {
    baseURL: gateway.url,
    isBeta: false,
    headers: () => ({
      terminalCode: 'term-1234567890',
      appTheme: 'dark',
      devicelanguage: 'ja-JP',
      locale: 'ja',
      language: 'ja_JP',
    }),
    languageType: () => 2,
    now: () => Date.now(),
    randomHex: (n) => 'ab'.repeat(n),
    text: (key, params) => TEXTS[key].replace('{status}', String(params?.status ?? '')),
    notify: (m) => toasts.push(m),
    onLoginExpired: () => {
      expired += 1;
    },
    ...overrides,
  };
  return { client: createRequestClient(env), toasts, expired: () => expired };
}

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected the call to fail');
}

describe('request layer: outgoing requests (spec §7.1, §5)', () => {
  it('prefixes /v1, adds _t and languageType to GET, and sends every header', async () => {
    const { client } = setup();
    const echo = await client.get<Echo>('/__test__/echo', { params: { symbol: '  BTCUSDT  ' } });
    expect(echo.method).toBe('GET');
    expect(echo.path).toBe('/v1/__test__/echo');
    expect(echo.query.symbol).toBe('BTCUSDT');
    expect(echo.query.languageType).toBe('2');
    expect(Number(echo.query._t)).toBeGreaterThan(1_700_000_000_000);
    expect(echo.headers).toMatchObject({
      terminaltype: '1',
      terminalcode: 'term-1234567890',
      apptheme: 'dark',
      devicelanguage: 'ja-JP',
      locale: 'ja',
      language: 'ja_JP',
      'content-type': 'application/json',
      'trace-id': 'ab'.repeat(16),
    });
    expect(echo.headers['request-time']).toMatch(/^\d{13}$/);
    expect(echo.headers.beta).toBeUndefined();
  });

  it('sends params as a JSON body on POST, trimmed, with dates formatted, and keeps a given languageType', async () => {
    const { client } = setup({ isBeta: true });
    const echo = await client.post<Echo>('/__test__/echo', {
      params: { name: ' x ', at: new Date(2026, 0, 2, 3, 4), languageType: 7 },
    });
    expect(echo.body).toEqual({ name: 'x', at: '2026-01-02 03:04', languageType: 7 });
    expect(echo.query._t).toBeUndefined();
    expect(echo.headers.beta).toBe('true');
  });

  it('adds the risk token only to the endpoints of spec §7.6', async () => {
    // A bare server that records headers, since the gateway's echo route is not one of the listed paths.
    const seen: Record<string, string | string[] | undefined>[] = [];
    const server = createServer((req, res) => {
      seen.push({ path: req.url, ...req.headers });
      res.setHeader('content-type', 'application/json');
      res.end('{"code":"00000","msg":"success","data":null}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { client } = setup({ baseURL: `http://127.0.0.1:${port}`, riskToken: () => 'r'.repeat(40) });
      await client.post('/msg/verify-code/send');
      await client.post('/user/login');
      await client.get('/user/overview/userinfo');
      expect(seen.map((h) => h['risk-token'])).toEqual(['r'.repeat(40), 'r'.repeat(40), undefined]);
    } finally {
      server.close();
    }
  });

  it('leaves a path that does not start with / untouched: no prefix, no headers, no params', async () => {
    const { client } = setup();
    const echo = await client.get<Echo>(`${gateway.url}/v1/__test__/echo`);
    expect(echo.query).toEqual({});
    expect(echo.headers.terminaltype).toBeUndefined();
    expect(echo.headers['trace-id']).toBeUndefined();
  });
});

describe('request layer: errors (spec §8)', () => {
  it.each([
    [403, 'Request is forbidden'],
    [404, 'Request error'],
    [504, 'Request error'],
    [500, 'The system is busy'],
    [502, '502 The system is busy'],
  ])('HTTP %i shows "%s"', async (status, text) => {
    await fault({ path: '/v1/public/time', status, body: { code: 'x', msg: 'x' } });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time'));
    expect(error.kind).toBe('http');
    expect(error.message).toBe(text);
    expect(toasts).toEqual([text]);
  });

  it('shows a network error when no response arrives', async () => {
    await fault({ path: '/v1/public/time', drop: true });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time'));
    expect(error.kind).toBe('network');
    expect(toasts).toEqual(['Network error']);
  });

  it('times out with the timeout text', async () => {
    await fault({ path: '/v1/public/time', delayMs: 1500 });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time', { timeout: 200 }));
    expect(error.kind).toBe('timeout');
    expect(toasts).toEqual(['Request timed out!']);
  });

  it('toasts the message of a 200 with status error', async () => {
    await fault({
      path: '/v1/public/time',
      status: 200,
      body: { status: 'error', code: '40010', msg: 'Insufficient balance', data: null },
    });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time'));
    expect(error).toMatchObject({ kind: 'business', message: 'Insufficient balance' });
    expect(toasts).toEqual(['Insufficient balance']);
  });

  it('logs out once and shows the expired text for 20906 and 20205, throttled to one per 2 s', async () => {
    await fault({ path: '/v1/public/time', status: 200, body: { code: '20906', msg: 'x', data: null }, times: 3 });
    const { client, toasts, expired } = setup();
    const errors = await Promise.all([1, 2, 3].map(() => failure(client.get('/public/time'))));
    expect(errors.every((e) => e.kind === 'login-expired')).toBe(true);
    expect(expired()).toBe(1);
    expect(toasts).toEqual(['Login expired, please log in again']);
  });

  it('shows the message of 00005 and resolves nothing, but resolves userinfo with its data', async () => {
    await fault({
      path: '/v1/public/time',
      status: 200,
      body: { code: '00005', msg: 'Please log in', data: { a: 1 } },
    });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time'));
    expect(error).toMatchObject({ kind: 'session-notice', message: 'Please log in' });
    expect(toasts).toEqual(['Please log in']);
    // The gateway's real userinfo reply without a session is 00005 with data.
    const info = await client.get<{ isLogin: boolean }>('/user/overview/userinfo');
    expect(info).toEqual({ isLogin: false });
  });

  it('raises when the data body is missing, and on unreadable JSON', async () => {
    await fault({ path: '/v1/public/time', status: 200, body: { code: '00000', msg: 'success' } });
    const { client } = setup();
    expect((await failure(client.get('/public/time'))).kind).toBe('no-data');
    await fault({ path: '/v1/public/time', status: 200, rawBody: '{"code":"00000","da' });
    expect((await failure(client.get('/public/time'))).kind).toBe('bad-reply');
  });

  it('shows a localized text for a known code instead of the server message', async () => {
    await fault({
      path: '/v1/public/time',
      status: 200,
      body: { status: 'error', code: '40101', msg: 'Incorrect account or password', data: null },
    });
    const { client, toasts } = setup({ codeText: (code) => (code === '40101' ? 'Konto oder Passwort falsch.' : null) });
    const error = await failure(client.get('/public/time'));
    expect(error.message).toBe('Konto oder Passwort falsch.');
    expect(toasts).toEqual(['Konto oder Passwort falsch.']);
  });

  it('does not toast when the caller asks for silence', async () => {
    await fault({ path: '/v1/public/time', status: 500 });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time', { silent: true }));
    expect(error.details.shown).toBe(false);
    expect(toasts).toEqual([]);
  });
});

describe('request layer: duplicates and clock', () => {
  it('lets duplicate requests run by default (ignore-cancel on)', async () => {
    await fault({ path: '/v1/public/time', delayMs: 300, times: 2 });
    const { client } = setup();
    const results = await Promise.allSettled([client.get('/public/time'), client.get('/public/time')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
  });

  it('cancels the earlier of two same-method same-path requests when ignore-cancel is off, silently', async () => {
    await fault({ path: '/v1/public/time', delayMs: 300, times: 2 });
    const { client, toasts } = setup();
    const first = client.get('/public/time', { ignoreCancel: false });
    const second = client.get<{ serverTime: string }>('/public/time', { ignoreCancel: false });
    expect((await failure(first)).kind).toBe('cancelled');
    expect((await second).serverTime).toMatch(/^\d+$/);
    expect(toasts).toEqual([]);
  });

  it('lets two requests to one path with different queries both complete when ignore-cancel is off', async () => {
    await fault({ path: '/v1/__test__/echo', delayMs: 300, times: 2 });
    const { client } = setup();
    const first = client.get<Echo>('/__test__/echo?symbol=BTCUSDT', { ignoreCancel: false });
    const second = client.get<Echo>('/__test__/echo?symbol=ETHUSDT', { ignoreCancel: false });
    const results = await Promise.allSettled([first, second]);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.query.symbol : (r.reason as RequestError).kind)),
    ).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('cancels the earlier of two requests with the same path and query when ignore-cancel is off', async () => {
    await fault({ path: '/v1/__test__/echo', delayMs: 300, times: 2 });
    const { client, toasts } = setup();
    const first = client.get<Echo>('/__test__/echo?symbol=BTCUSDT', { ignoreCancel: false });
    const second = client.get<Echo>('/__test__/echo?symbol=BTCUSDT', { ignoreCancel: false });
    expect((await failure(first)).kind).toBe('cancelled');
    expect((await second).query.symbol).toBe('BTCUSDT');
    expect(toasts).toEqual([]);
  });

  it('learns the server clock offset from POST replies and corrects request-time', async () => {
    const skew = -3_600_000;
    const { client } = setup({ now: () => Date.now() + skew });
    await client.post('/__test__/echo');
    expect(Math.abs(client.clock.offset + skew)).toBeLessThan(1000);
    const echo = await client.get<Echo>('/__test__/echo');
    expect(Math.abs(Number(echo.headers['request-time']) - Date.now())).toBeLessThan(1000);
  });
});

describe('request layer: signing hooks', () => {
  it('hands the signing layer the exact path, query and body, and sends what it returns', async () => {
    const seen: OutgoingRequest[] = [];
    const security: RequestSecurity = {
      async prepare(request) {
        seen.push(request);
        return { bodyText: JSON.stringify({ sealed: true }), headers: { 'device-sign': 'sig' } };
      },
      inspect: () => 'pass',
    };
    const { client } = setup({ security });
    const get = await client.get<Echo>('/__test__/echo', { params: { q: 'a b&c' } });
    expect(seen[0].pathWithQuery).toMatch(/^\/v1\/__test__\/echo\?q=a\+b%26c&languageType=2&_t=\d+$/);
    expect(get.query.q).toBe('a b&c');
    expect(get.headers['device-sign']).toBe('sig');
    const post = await client.post<Echo>('/__test__/echo', { params: { pwd: 'secret' } });
    expect(seen[1]).toMatchObject({
      method: 'POST',
      path: '/v1/__test__/echo',
      body: { pwd: 'secret', languageType: 2 },
    });
    expect(post.body).toEqual({ sealed: true });
  });

  it('hands the signing layer the target as it goes on the wire, not as the caller spelled it', async () => {
    const seen: OutgoingRequest[] = [];
    const security: RequestSecurity = {
      async prepare(request) {
        seen.push(request);
        return { bodyText: JSON.stringify(request.body), headers: {} };
      },
      inspect: () => 'pass',
    };
    const { client } = setup({ security });
    const echo = await client.post<Echo>(`/__test__/./echo?note='a b'"`);
    expect(seen[0]).toMatchObject({
      path: '/v1/__test__/echo',
      pathWithQuery: '/v1/__test__/echo?note=%27a%20b%27%22',
    });
    expect(echo).toMatchObject({ path: '/v1/__test__/echo', query: { note: `'a b'"` } });
    await client.get<Echo>('/__test__/../__test__/echo#part', { params: { q: '1' } });
    expect(seen[1]!.pathWithQuery).toMatch(/^\/v1\/__test__\/echo\?q=1&languageType=2&_t=\d+$/);
  });

  it('refuses to send when the signing layer cannot protect the request', async () => {
    const security: RequestSecurity = { prepare: async () => ({ refused: true }), inspect: () => 'pass' };
    const { client, toasts } = setup({ security });
    const error = await failure(client.post('/__test__/echo', { params: { pwd: 'secret' } }));
    expect(error.kind).toBe('security');
    expect(toasts).toEqual([TEXTS.secureFailed]);
  });

  it('lets the signing layer take over a signing failure without a second toast', async () => {
    await fault({
      path: '/v1/__test__/echo',
      status: 200,
      body: { code: '00023', msg: 'invalid sign', data: null },
      headers: { 'gateway-sign-error': '00023' },
    });
    const inspected: unknown[] = [];
    const security: RequestSecurity = {
      prepare: async (r) => ({ bodyText: r.body && JSON.stringify(r.body), headers: {} }),
      inspect: (reply) => {
        inspected.push(reply);
        return reply.signError !== null ? 'handled' : 'pass';
      },
    };
    const { client, toasts } = setup({ security });
    const error = await failure(client.post('/__test__/echo'));
    expect(error.kind).toBe('security');
    expect(inspected).toEqual([
      {
        path: '/v1/__test__/echo',
        code: '00023',
        signError: '00023',
        message: 'invalid sign',
        keyId: null,
        isRetry: false,
      },
    ]);
    expect(toasts).toEqual([]);
  });

  it('resends once with a resynced clock when the signing layer asks, and gives up after that', async () => {
    await fault({
      path: '/v1/__test__/echo',
      status: 200,
      body: { code: '00022', msg: 'expired', data: null },
      headers: { 'gateway-sign-error': '00022' },
      times: 2,
    });
    const verdicts: boolean[] = [];
    const security: RequestSecurity = {
      prepare: async (r) => ({ bodyText: r.body && JSON.stringify(r.body), headers: {} }),
      inspect: (reply) => {
        verdicts.push(reply.isRetry);
        if (reply.code !== '00022') return 'pass';
        return reply.isRetry ? 'handled' : 'retry';
      },
    };
    const { client } = setup({ security, now: () => Date.now() - 600_000 });
    const error = await failure(client.post('/__test__/echo'));
    expect(error.kind).toBe('security');
    expect(verdicts).toEqual([false, true]);
    // The resend trusted the server's time: the offset now cancels the client's 10-minute lag.
    expect(Math.abs(client.clock.offset - 600_000)).toBeLessThan(1000);
  });
});
