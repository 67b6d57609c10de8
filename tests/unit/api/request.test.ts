import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RequestError } from '../../../src/api/request';
import { type Echo, failure, fault, gateway, runTestGateway, setup } from './request-support';

runTestGateway();

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
