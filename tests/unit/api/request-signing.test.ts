import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, RequestSecurity } from '../../../src/api/request';
import { type Echo, failure, fault, runTestGateway, setup, TEXTS } from './request-support';

runTestGateway();

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
