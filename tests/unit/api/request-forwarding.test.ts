import { describe, expect, it } from 'vitest';
import type { ForwardedRequest } from '../../../engine/rules/bridge';
import { type Echo, failure, gateway, runTestGateway, setup } from './request-support';

runTestGateway();

/**
 * The app's side of `request` (contracts/bridge.md §5), as a host would do it: the request goes to the gateway as
 * the page described it, and the gateway's envelope comes back as `data`.
 */
async function appSends(request: ForwardedRequest): Promise<{ envelope: unknown }> {
  const isGet = request.method === 'GET';
  const response = await fetch(`${gateway.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: isGet ? undefined : JSON.stringify(request.params),
  });
  return { envelope: await response.json() };
}

describe('request layer inside the native app (contracts/bridge.md §5)', () => {
  it('forwards a GET with its path, query, params and headers as the web would send them, and reads the reply as a web reply', async () => {
    const forwarded: ForwardedRequest[] = [];
    const { client } = setup({
      forward: async (request) => {
        forwarded.push(request);
        return appSends(request);
      },
    });
    const echo = await client.get<Echo>('/__test__/echo', { params: { symbol: 'BTCUSDT' } });
    expect(forwarded).toHaveLength(1);
    const [sent] = forwarded;
    expect(sent.method).toBe('GET');
    expect(sent.path).toMatch(/^\/v1\/__test__\/echo\?symbol=BTCUSDT&languageType=2&_t=\d{13}$/);
    expect(sent.params).toMatchObject({ symbol: 'BTCUSDT', languageType: '2' });
    expect(sent.headers).toMatchObject({ terminaltype: '1', 'trace-id': 'ab'.repeat(16) });
    // What the gateway saw is what the page would have sent.
    expect(echo.path).toBe('/v1/__test__/echo');
    expect(echo.query.symbol).toBe('BTCUSDT');
    expect(echo.headers['trace-id']).toBe('ab'.repeat(16));
  });

  it('forwards a POST body as its params', async () => {
    const { client } = setup({ forward: appSends });
    const echo = await client.post<Echo>('/__test__/echo', { params: { amount: '1.5' } });
    expect(echo.method).toBe('POST');
    expect(echo.body).toMatchObject({ amount: '1.5', languageType: 2 });
  });

  it('handles a forwarded business error exactly as a web one: localized toast, business kind', async () => {
    const { client, toasts } = setup({
      forward: async () => ({ envelope: { status: 'error', code: '40001', msg: 'Bad thing', data: null } }),
    });
    const error = await failure(client.get('/anything'));
    expect(error.kind).toBe('business');
    expect(toasts).toEqual(['Bad thing']);
  });

  it('fetches on the web when the app does not take the request', async () => {
    const { client } = setup({ forward: async () => null });
    const echo = await client.get<Echo>('/__test__/echo');
    expect(echo.path).toBe('/v1/__test__/echo');
  });

  it('reports a failed forwarding with the bridge texts of spec §8, never retrying on the web', async () => {
    for (const [bridgeFailure, code, text] of [
      ['request-timeout', '110100', 'The app did not complete the request in time. Please try again.'],
      ['network', '', 'App Network Error'],
      ['action', '', 'App Jsbridge Request Action Error'],
      ['unsuccessful', '50001', 'Gateway unreachable from the app'],
    ] as const) {
      let calls = 0;
      const { client, toasts } = setup({
        forward: async () => {
          calls += 1;
          throw { bridgeFailure, code, appMessage: bridgeFailure === 'unsuccessful' ? text : '' };
        },
      });
      const error = await failure(client.get('/__test__/echo'));
      expect(error).toMatchObject({ kind: 'bridge', message: text, details: { code } });
      expect(toasts).toEqual([text]);
      expect(calls).toBe(1);
    }
  });
});
