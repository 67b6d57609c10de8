import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../../../gateway/server';
import { requestTime, tempDir } from '../support';

async function start(faults: boolean): Promise<{ gateway: RunningGateway; remove: () => void }> {
  const dir = tempDir();
  const gateway = await startGateway({ port: 0, dataDir: dir.path, faults, logLevel: 'silent', simulatorSeed: 1 });
  return { gateway, remove: dir.remove };
}

function json(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

describe('fault switch off (default)', () => {
  let off: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    off = await start(false);
  });
  afterAll(async () => {
    await off.gateway.close();
    off.remove();
  });

  it('has no /__faults, csp-reports or echo routes', async () => {
    const { url } = off.gateway;
    const attempts = [
      fetch(`${url}/__faults`, json({ path: '/v1/public/time', status: 500 })),
      fetch(`${url}/__faults`, { method: 'DELETE' }),
      fetch(`${url}/__faults/csp-reports`),
      fetch(`${url}/v1/__test__/echo`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('40404');
    }
    // The would-be fault was not registered either.
    expect((await fetch(`${url}/v1/public/time`)).status).toBe(200);
  });
});

describe('fault switch on', () => {
  let on: Awaited<ReturnType<typeof start>>;
  let url: string;
  const addFault = async (fault: Record<string, unknown>) => {
    const res = await fetch(`${url}/__faults`, json(fault));
    expect(res.status).toBe(200);
  };
  beforeAll(async () => {
    on = await start(true);
    url = on.gateway.url;
  });
  afterEach(async () => {
    await fetch(`${url}/__faults`, { method: 'DELETE' });
  });
  afterAll(async () => {
    await on.gateway.close();
    on.remove();
  });

  it('replies the injected status and JSON body, still with request-time', async () => {
    await addFault({ path: '/v1/public/time', status: 503, body: { code: '50300', msg: 'down', data: null } });
    const res = await fetch(`${url}/v1/public/time`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: '50300', msg: 'down', data: null });
    expect(requestTime(res)).toBeGreaterThan(0);
    expect((await fetch(`${url}/v1/public/time`)).status).toBe(200); // used up after one hit
  });

  it('hits only requests of its scope, and clearing a scope leaves other faults armed', async () => {
    await addFault({ path: '/v1/public/time', status: 503, scope: 'a', times: 5 });
    await addFault({ path: '/v1/public/time', status: 502, scope: 'b', times: 5 });
    expect((await fetch(`${url}/v1/public/time`)).status).toBe(200);
    expect((await fetch(`${url}/v1/public/time`, { headers: { 'x-fault-scope': 'a' } })).status).toBe(503);
    await fetch(`${url}/__faults?scope=a`, { method: 'DELETE' });
    expect((await fetch(`${url}/v1/public/time`, { headers: { 'x-fault-scope': 'a' } })).status).toBe(200);
    expect((await fetch(`${url}/v1/public/time`, { headers: { 'x-fault-scope': 'b' } })).status).toBe(502);
  });

  it('sends a raw, truncated JSON body that a client cannot parse', async () => {
    await addFault({ path: '/v1/public/time', rawBody: '{"code":"00000","da' });
    const res = await fetch(`${url}/v1/public/time`);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it('delays the real reply by delayMs', async () => {
    await addFault({ path: '/v1/public/time', delayMs: 300 });
    const started = Date.now();
    const res = await fetch(`${url}/v1/public/time`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await res.json()).code).toBe('00000');
  });

  it('hits exactly `times` requests of the given method only', async () => {
    await addFault({ path: '/v1/public/time', method: 'get', status: 500, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/v1/public/time`)).status);
    expect(statuses).toEqual([500, 500, 200]);
    await addFault({ path: '/v1/public/time', method: 'POST', status: 500 });
    expect((await fetch(`${url}/v1/public/time`)).status).toBe(200);
  });

  it('drops the connection without a reply', async () => {
    await addFault({ path: '/v1/public/time', drop: true });
    await expect(fetch(`${url}/v1/public/time`)).rejects.toThrow();
    expect((await fetch(`${url}/v1/public/time`)).status).toBe(200);
  });

  it('is cleared by DELETE /__faults', async () => {
    await addFault({ path: '/v1/public/time', status: 500, times: 10 });
    await fetch(`${url}/__faults`, { method: 'DELETE' });
    expect((await fetch(`${url}/v1/public/time`)).status).toBe(200);
  });

  it('rejects a malformed fault with 400 naming the field', async () => {
    const res = await fetch(`${url}/__faults`, json({ path: '/x', status: 'soon' }));
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toContain('status');
  });

  it('echoes method, path, query, lower-case headers and the parsed JSON body', async () => {
    const res = await fetch(`${url}/v1/__test__/echo?_t=123&languageType=0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', terminalType: '1', Locale: 'en_US' },
      body: JSON.stringify({ loginName: 'a@b.c', n: 1 }),
    });
    const { code, data } = await res.json();
    expect(code).toBe('00000');
    expect(data).toMatchObject({
      method: 'POST',
      path: '/v1/__test__/echo',
      query: { _t: '123', languageType: '0' },
      headers: { terminaltype: '1', locale: 'en_US', 'content-type': 'application/json' },
      body: { loginName: 'a@b.c', n: 1 },
    });
  });

  it('lists stored CSP reports', async () => {
    const report = {
      bizType: 'gatewaySign',
      data: { event: 'configNotMatched', reason: 'x' },
      timestamp: 1,
      page: '/en',
    };
    await fetch(`${url}/v1/buried/log/cspSecurity`, {
      ...json(report),
      headers: { 'content-type': 'application/csp-report' },
    });
    const { data } = await (await fetch(`${url}/__faults/csp-reports`)).json();
    expect(data[0]).toMatchObject({ bizType: 'gatewaySign', event: 'configNotMatched', page: '/en' });
  });
});
