import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonBody } from '../../../../gateway/http/read-json-body';
import { createLogger } from '../../../../gateway/log/logger';
import { createDeviceKeyStore } from '../../../../gateway/security/device-keys';
import { DEFAULT_SIGN_POLICY } from '../../../../gateway/security/sign-config';
import { signatureCheck } from '../../../../gateway/security/signature-check';
import { type ClientKey, makeClientKey, newTraceId, signedHeaders } from './ds1-client';
import { bareApp, makeSecurityDb, NOW } from './harness';

let t: ReturnType<typeof makeSecurityDb>;
let client: ClientKey;
let server: ServerType;
let base: string;
beforeAll(async () => {
  t = makeSecurityDb();
  client = makeClientKey('rsa1024');
  createDeviceKeyStore(t.db).bindDeviceKey({ ...client, userId: 'user-a', sessionId: 'session-a' });
  const app = bareApp();
  app.use(
    '*',
    signatureCheck({
      db: t.db,
      config: DEFAULT_SIGN_POLICY,
      now: () => NOW,
      logger: createLogger('silent'),
      sessionOf: (c) =>
        c.req.header('x-test-session') === 'session-a' ? { sessionId: 'session-a', userId: 'user-a' } : null,
    }),
  );
  app.post('/v1/*', async (c) => c.json({ reached: true, body: await readJsonBody(c) }));
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

describe('signatureCheck behind @hono/node-server', () => {
  const target = '/v1/order/place?src=web';
  const body = '{"symbol":"BTCUSDT","size":"0.5"}';
  const call = (sent: string, traceId = newTraceId()) =>
    fetch(`${base}${target}`, {
      method: 'POST',
      headers: {
        ...signedHeaders({ client, mode: '3', method: 'POST', target, requestTime: String(NOW), traceId, body }),
        'x-test-session': 'session-a',
        'content-type': 'application/json',
      },
      body: sent,
    });

  it('checks a signed POST over a real socket and leaves the body to the route', async () => {
    const res = await call(body);
    expect(res.headers.get('gateway-sign-error')).toBeNull();
    expect(await res.json()).toEqual({ reached: true, body: { symbol: 'BTCUSDT', size: '0.5' } });
  });

  it('refuses the same request with a changed body', async () => {
    const res = await call(body.replace('0.5', '5'));
    expect(res.headers.get('gateway-sign-error')).toBe('00023');
    expect(await res.json()).toEqual({ code: '00023', msg: 'Request signature invalid', data: null });
  });
});

/** Sends a request with its target exactly as given (fetch would normalise it first), and reads the sign-error header. */
function sendRaw(
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ signError: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${target}`, { method: 'POST', path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ signError: (res.headers['gateway-sign-error'] as string | undefined) ?? null, body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('signatureCheck signs the path exactly as sent', () => {
  const body = '{"size":"1"}';
  it.each([
    ['a quote beside a %xx escape in the query', "/v1/order/place?note='a%20b'"],
    ['a double quote in the query', '/v1/order/place?note="x"'],
    ['a ./ segment in the path', '/v1/order/./place?x=1'],
    ['an escaped slash in the path', '/v1/order/a%2Fb'],
  ])('accepts %s signed over its raw target', async (_name, target) => {
    const headers = {
      ...signedHeaders({
        client,
        mode: '3',
        method: 'POST',
        target,
        requestTime: String(NOW),
        traceId: newTraceId(),
        body,
      }),
      'x-test-session': 'session-a',
      'content-type': 'application/json',
    };
    const reply = await sendRaw(target, headers, body);
    expect(reply.signError).toBeNull();
    expect(JSON.parse(reply.body)).toEqual({ reached: true, body: { size: '1' } });
  });
  it('refuses a signature over the normalised spelling of a raw target', async () => {
    const raw = "/v1/order/./place?note='a'";
    const headers = {
      ...signedHeaders({
        client,
        mode: '3',
        method: 'POST',
        target: '/v1/order/place?note=%27a%27',
        requestTime: String(NOW),
        traceId: newTraceId(),
        body,
      }),
      'x-test-session': 'session-a',
      'content-type': 'application/json',
    };
    expect((await sendRaw(raw, headers, body)).signError).toBe('00023');
  });
});
