import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../gateway/auth/dev-mailbox/dev-seed';
import { MAX_JSON_DEPTH, nestingDepth } from '../../../../gateway/http/read-json-body';
import { createLogger } from '../../../../gateway/log/logger';
import { type RunningGateway, startGateway } from '../../../../gateway/server';
import { expectRefused } from '../refusal-support';
import { Ds1Device, serverPublicKeyOf } from '../security/ds1-device';
import { tempDir } from '../support';
import { wholeGateway } from '../whole-gateway';

/** The whole gateway app on `exchange.test`, seeded, with its log lines kept; optionally behind a trusted proxy. */
function gatewayApp(options: { trustProxy?: boolean; faults?: boolean } = {}) {
  const logs: string[] = [];
  const g = wholeGateway({
    ...options,
    host: 'exchange.test',
    seedDevAccounts: true,
    logger: createLogger('info', (line) => logs.push(line)),
  });
  return { ...g, logs };
}

describe('routes that take JSON read only JSON', () => {
  const g = gatewayApp({ faults: true });
  afterAll(() => g.close());
  const post = (body: string, type?: string) =>
    g.app.request('http://exchange.test/v1/__test__/echo', {
      method: 'POST',
      body,
      headers: type ? { 'content-type': type } : {},
    });

  it.each([
    ['text/plain', '{"a":1}'],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\n{"a":1}\r\n--x--'],
    ['image/png', '{"a":1}'],
    [undefined, '{"a":1}'],
  ])('refuses a body sent as %s with 415 41500', async (type, body) => {
    const res = await post(body, type);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ code: '41500', msg: 'Unsupported content type', data: null });
  });
  it('reads application/json, with a charset too', async () => {
    for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
      expect((await (await post('{"a":1}', type)).json()).data.body).toEqual({ a: 1 });
    }
  });
  it('reads an empty body as no body, whatever its type', async () => {
    expect((await (await post('', 'text/plain')).json()).data.body).toBeNull();
  });
  it('refuses JSON nested deeper than 64 levels with 40005, and nothing is logged as unhandled', async () => {
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    await expectRefused(await post(deep, 'application/json'), '40005');
    const fits = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    const fitting = await post(fits, 'application/json');
    expect([fitting.status, (await fitting.json()).code]).toEqual([200, '00000']);
    expect(g.logs.join('\n')).not.toContain('unhandled error');
  });
});

describe('nestingDepth', () => {
  it('counts arrays and objects, and skips brackets inside strings', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(nestingDepth('["[[[[", "\\\\\\"{{{"]')).toBe(1);
  });
});

describe('oversized chunked bodies over a real socket', () => {
  let gateway: RunningGateway;
  let dir: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    dir = tempDir('gateway-chunked-');
    gateway = await startGateway({
      port: 0,
      dataDir: dir.path,
      devRootDir: dir.path,
      faults: true,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await gateway.close();
    dir.remove();
  });

  /** POSTs `total` bytes in 4 KiB chunks without a Content-Length; resolves the status and reply, or the socket error. */
  const sendChunked = (path: string, total: number) =>
    new Promise<string>((resolve) => {
      const req = httpRequest(
        `${gateway.url}${path}`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve(`${res.statusCode} ${JSON.parse(text).code}`));
        },
      );
      req.on('error', (error) => resolve(`error ${error.message}`));
      const chunk = Buffer.alloc(4096, 0x20);
      let sent = 0;
      const write = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });

  it.each(['/v1/user/login', '/v1/__test__/echo', '/__faults', '/v1/buried/log/cspSecurity'])(
    'answers the 413 envelope to 70 KB to 2 MB sent to %s, never a reset',
    async (path) => {
      for (const kb of [70, 200, 1000, 2000]) {
        for (let round = 0; round < 3; round += 1)
          expect(await sendChunked(path, kb * 1024), `${kb} KB`).toBe('413 41300');
      }
    },
    30_000,
  );
});

describe('behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  const signIn = async (g: ReturnType<typeof gatewayApp>, headers: Record<string, string>) => {
    const device = new Ds1Device(g.transport, await serverPublicKeyOf(g.transport));
    const { reply, headers: replyHeaders } = await device.login(
      DEMO_ACCOUNT.email,
      DEMO_ACCOUNT.password,
      {},
      { extraHeaders: headers },
    );
    return { reply, cookies: replyHeaders.getSetCookie() };
  };

  it('marks session cookies Secure when the trusted proxy says the browser came over https', async () => {
    const g = gatewayApp({ trustProxy: true });
    try {
      const { reply, cookies } = await signIn(g, { 'x-forwarded-proto': 'https' });
      expect(reply.code).toBe('00000');
      expect(cookies.filter((line) => /^(sid|login_token)=/.test(line))).toHaveLength(2);
      for (const line of cookies) expect(line).toMatch(/; Secure/);
      expect(cookies.find((line) => line.startsWith('sid='))).toMatch(/HttpOnly/);
      expect(cookies.find((line) => line.startsWith('sid='))).toMatch(/SameSite=Lax/);
      const plain = await signIn(g, { 'x-forwarded-proto': 'http' });
      for (const line of plain.cookies) expect(line).not.toMatch(/; Secure/);
    } finally {
      g.close();
    }
  });

  it('sends Strict-Transport-Security on the replies the browser got over https, never over http', async () => {
    const g = gatewayApp({ trustProxy: true });
    try {
      const over = async (proto: string, path: string) =>
        (await g.transport(path, { method: 'GET', headers: { 'x-forwarded-proto': proto } })).headers.get(
          'strict-transport-security',
        );
      for (const path of ['/v1/public/time', '/', '/no-such-page', '/api/v2/public/time']) {
        expect(await over('https', path), path).toBe('max-age=31536000; includeSubDomains');
        expect(await over('http', path), path).toBeNull();
      }
    } finally {
      g.close();
    }
  });

  it('ignores forwarding headers without TRUST_PROXY: any client could send them', async () => {
    const g = gatewayApp();
    try {
      const { cookies } = await signIn(g, { 'x-forwarded-proto': 'https' });
      for (const line of cookies) expect(line).not.toMatch(/; Secure/);
      const time = await g.transport('/v1/public/time', { method: 'GET', headers: { 'x-forwarded-proto': 'https' } });
      expect(time.headers.get('strict-transport-security')).toBeNull();
    } finally {
      g.close();
    }
  });

  it('limits sign-in failures by the address the trusted proxy forwards', async () => {
    const g = gatewayApp({ trustProxy: true });
    try {
      const device = new Ds1Device(g.transport, await serverPublicKeyOf(g.transport));
      const attempt = async (forwardedFor: string, pwd: string) =>
        (await device.login(DEMO_ACCOUNT.email, pwd, {}, { extraHeaders: { 'x-forwarded-for': forwardedFor } })).status;
      for (let i = 0; i < 5; i += 1) expect(await attempt('198.51.100.1, 203.0.113.9', 'Wrong-pass-1')).toBe(200);
      expect(await attempt('203.0.113.9', 'Wrong-pass-1')).toBe(429);
      // Another browser behind the same proxy is not affected.
      expect(await attempt('203.0.113.10', DEMO_ACCOUNT.password)).toBe(200);
    } finally {
      g.close();
    }
  }, 30_000);
});
