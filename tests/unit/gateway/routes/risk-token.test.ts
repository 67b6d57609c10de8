import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type WholeGateway, wholeGateway } from '../whole-gateway';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The whole gateway app (`dir` reuses a data dir, as a restart would), with request helpers. */
function gateway(options: { localMode: boolean; dir?: WholeGateway['dir'] }) {
  const g = wholeGateway(options);
  cleanups.push(() => g.close());
  const post = async (path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== undefined) headers['risk-token'] = token;
    return (await g.transport(path, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  };
  const issue = async () =>
    ((await (await g.transport('/v1/constantid/udid/c1', {})).json()) as { data: { token: string } }).data.token;
  return { ...g, post, issue };
}

const REFUSED = {
  status: 'error',
  code: '40140',
  msg: 'Risk check failed, please refresh the page and try again',
  data: null,
};
const LOGIN = { loginName: 'nobody@example.com', bodyCiphertext: 'x' };

describe('risk token on the §7.6 endpoints outside local mode', () => {
  it('refuses a call without a token, or with one the gateway never issued', async () => {
    const g = gateway({ localMode: false });
    expect(await g.post('/v1/user/login', LOGIN)).toEqual(REFUSED);
    expect(await g.post('/v1/user/login', LOGIN, 'f'.repeat(40))).toEqual(REFUSED);
    expect(
      await g.post('/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'a@example.com' }, 'short'),
    ).toEqual(REFUSED);
    expect(await g.post('/v1/user/register/email', {}, `${'a'.repeat(39)}\u00e9`)).toEqual(REFUSED);
  });

  it('lets a call with an issued token through to the route', async () => {
    const g = gateway({ localMode: false });
    const token = await g.issue();
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    // Past the risk check, the login route answers for itself (here: the bad envelope).
    expect((await g.post('/v1/user/login', LOGIN, token)).code).toBe('40101');
  });

  it('remembers issued tokens across a restart, for 14,400 s', async () => {
    const first = gateway({ localMode: false });
    const token = await first.issue();
    // Stopped without removing its data: the next gateway opens the same database.
    first.db.close();
    const again = gateway({ localMode: false, dir: first.dir });
    expect((await again.post('/v1/user/login', LOGIN, token)).code).toBe('40101');
    again.db
      .prepare('UPDATE risk_tokens SET issued_at = ? WHERE digest = ?')
      .run(Date.now() - 14_400_000, createHash('sha256').update(token).digest());
    expect(await again.post('/v1/user/login', LOGIN, token)).toEqual(REFUSED);
  });

  it('leaves other endpoints alone', async () => {
    const g = gateway({ localMode: false });
    expect((await (await g.transport('/v1/public/time', {})).json()).code).toBe('00000');
    expect((await g.post('/v1/user/logout', {})).code).toBe('00000');
  });

  it('is not asked for in local mode', async () => {
    const g = gateway({ localMode: true });
    expect((await g.post('/v1/user/login', LOGIN)).code).toBe('40101');
  });
});
