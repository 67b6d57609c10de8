import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { businessErrorHandler, replyOk } from '../../../../gateway/http/envelope';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { readJsonBody } from '../../../../gateway/http/read-json-body';
import { makeTestApp, requestTime, type TestApp } from '../support';

let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
});
afterEach(() => t.close());

const CSP_PATH = '/v1/buried/log/cspSecurity';
const post = (body: string, type = 'application/json') =>
  t.app.request(CSP_PATH, { method: 'POST', headers: { 'content-type': type }, body });

function expectFreshRequestTime(response: Response, before: number): void {
  const time = requestTime(response);
  expect(time).toBeGreaterThanOrEqual(before);
  expect(time).toBeLessThanOrEqual(Date.now());
}

describe('/v1 envelope', () => {
  it('wraps a success in {code:"00000", msg:"success", data} with a request-time header', async () => {
    const before = Date.now();
    const res = await t.app.request('/v1/public/time');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ code: '00000', msg: 'success', data: { serverTime: expect.stringMatching(/^\d{13}$/) } });
    expect(Number(body.data.serverTime)).toBeGreaterThanOrEqual(before);
    expectFreshRequestTime(res, before);
  });

  it('answers the user overview with 00005 "Please login to visit" and isLogin false, on HTTP 200', async () => {
    const res = await t.app.request('/v1/user/overview/userinfo');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '00005', msg: 'Please login to visit', data: { isLogin: false } });
    expect(requestTime(res)).toBeGreaterThan(0);
  });
});

describe('error replies', () => {
  it('refuses malformed JSON on /v1 with HTTP 200 {status:"error", code:"40001"}', async () => {
    const before = Date.now();
    const res = await post('{"bizType": "sign", ');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'error', code: '40001', msg: 'Malformed JSON body', data: null });
    expectFreshRequestTime(res, before);
  });

  it('refuses a field of the wrong type on /v1 with HTTP 200, code 40002 and a message naming the field', async () => {
    const res = await post(JSON.stringify({ bizType: 5, data: { event: 'x' }, page: '/' }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect([body.status, body.code, body.data]).toEqual(['error', '40002', null]);
    expect(body.msg).toContain('bizType');
    expect(requestTime(res)).toBeGreaterThan(0);
  });

  it('answers the same bad JSON with HTTP 200 {status:"error"} on a /v1 path, and with HTTP 400 on /api/v2 and /v2', async () => {
    // One route that reads a JSON body, behind the error handler every area uses, at each kind of path.
    const app = new Hono<GatewayEnv>();
    app.onError(businessErrorHandler);
    app.post('*', async (c) => replyOk(c, await readJsonBody(c)));
    const send = (path: string) =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    const v1 = await send('/v1/asset/transfer');
    expect(v1.status).toBe(200);
    expect(await v1.json()).toEqual({ status: 'error', code: '40001', msg: 'Malformed JSON body', data: null });
    const api = await send('/api/v2/spot/trade/place-order');
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      code: '40001',
      msg: 'Malformed JSON body',
      requestTime: expect.any(Number),
      data: null,
    });
    const v2 = await send('/v2/spot/trade/place-order');
    expect(v2.status).toBe(400);
    expect(await v2.json()).toEqual({ code: '40001', msg: 'Malformed JSON body', data: null });
    // A path that only starts like /v1 is not one.
    expect((await send('/v1x/asset/transfer')).status).toBe(400);
  });

  it('answers an unknown /v1 or /api route with 404 and code 40404, whatever the method', async () => {
    for (const [path, method] of [
      ['/v1/nope', 'GET'],
      ['/v1/nope', 'POST'],
      ['/api/v2/nope', 'GET'],
      ['/v2/nope', 'GET'],
    ]) {
      const res = await t.app.request(path!, { method, headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(404);
      expect((await res.json()).code).toBe('40404');
      expect(requestTime(res)).toBeGreaterThan(0);
    }
  });

  it('rejects a declared body over 64 KiB with 413 and code 41300 before any route runs', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
    const res = await t.app.request('/v1/public/time', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('41300');
    expect(requestTime(res)).toBeGreaterThan(0);
  });

  it('answers 413 to an undeclared (chunked) body past 64 KiB, and stops reading an endless one past 16 MiB', async () => {
    const withFaults = makeTestApp({ faults: true });
    try {
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const res = await withFaults.app.request('/__faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await res.json()).code).toBe('41300');
      // 1,024 chunks make 16 MiB; a few more may be in flight when reading stops.
      expect(sent).toBeLessThan(1024 + 4);
    } finally {
      withFaults.close();
    }
  });

  it('turns an unexpected exception into 500 "The system is busy" without leaking details', async () => {
    t.db.close(); // every database call now throws inside the route
    const res = await post(JSON.stringify({ bizType: 'sign', data: { event: 'initFailed' }, page: '/' }));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: '50000', msg: 'The system is busy', data: null });
    expect(text).not.toMatch(/database|at \w|\.ts/i);
    expect(requestTime(res)).toBeGreaterThan(0);
  });
});
