import { describe, expect, it } from 'vitest';
import { failure, fault, runTestGateway, setup } from './request-support';

runTestGateway();

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

  it('keeps the gateway code of a non-2xx reply, and only a well-formed one', async () => {
    await fault({ path: '/v1/public/time', status: 404, body: { code: '40920', msg: 'not in the tree', data: null } });
    const { client } = setup();
    const error = await failure(client.get('/public/time'));
    expect(error.kind).toBe('http');
    expect(error.details).toMatchObject({ status: 404, code: '40920' });
    expect(error.message).toBe('Request error');
    for (const body of [{ code: 40920 }, { code: '4092x' }, { code: '<b>' }, 'not json', null]) {
      await fault({ path: '/v1/public/time', status: 429, body });
      expect((await failure(setup().client.get('/public/time'))).details.code).toBeUndefined();
    }
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

  it('shows the time-out text for result code 401, not the message that came with it (spec §8)', async () => {
    await fault({ path: '/v1/public/time', status: 200, body: { code: 401, msg: 'Unauthorized', data: null } });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time'));
    expect(error).toMatchObject({ kind: 'timeout', message: 'Request timed out!' });
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

  it('takes a 20906 to a request sent before the page signed in anew as no logout, and one after as a logout', async () => {
    const ended = { code: '20906', msg: 'x', data: null };
    // Sent under one token, answered once the page holds another: the session that ended is the one a sign-in replaced.
    await fault({ path: '/v1/public/time', status: 200, body: ended, delayMs: 200 });
    let token: string | null = 'old-token';
    const replaced = setup({ sessionMark: () => token });
    const early = failure(replaced.client.get('/public/time'));
    token = 'new-token';
    expect(await early).toMatchObject({ kind: 'login-expired' });
    expect(replaced.expired()).toBe(0);
    expect(replaced.toasts).toEqual([]);
    // Answered when the page holds no token any more (the reply itself cleared it): the page's own session ended.
    await fault({ path: '/v1/public/time', status: 200, body: ended, delayMs: 200 });
    const own = setup({ sessionMark: () => token });
    const late = failure(own.client.get('/public/time'));
    token = null;
    expect(await late).toMatchObject({ kind: 'login-expired' });
    expect(own.expired()).toBe(1);
    expect(own.toasts).toEqual(['Login expired, please log in again']);
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

  it('shows a refused query of the real gateway as its code’s text, not as an HTTP status (spec §8)', async () => {
    const { client, toasts } = setup({ codeText: (code) => (code === '40940' ? 'Zeitraum ungültig.' : null) });
    const error = await failure(client.get('/public/protection-fund/history', { params: { days: '7' } }));
    expect(error).toMatchObject({ kind: 'business', message: 'Zeitraum ungültig.', details: { code: '40940' } });
    expect(toasts).toEqual(['Zeitraum ungültig.']);
  });

  it('does not toast when the caller asks for silence', async () => {
    await fault({ path: '/v1/public/time', status: 500 });
    const { client, toasts } = setup();
    const error = await failure(client.get('/public/time', { silent: true }));
    expect(error.details.shown).toBe(false);
    expect(toasts).toEqual([]);
  });
});
