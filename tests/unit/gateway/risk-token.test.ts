import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../gateway/app';
import { openDatabase } from '../../../gateway/db/open-database';
import { createLogger } from '../../../gateway/log/logger';
import { MarketSimulator } from '../../../gateway/market/simulator';
import { TEST_SCRYPT } from './auth/auth-support';
import { T0, tempDir, testSigning } from './support';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A whole gateway app on a database of its own (`dir` reuses one, as a restart would). */
function gateway(options: { localMode: boolean; dir?: ReturnType<typeof tempDir> }) {
  const dir = options.dir ?? tempDir('gateway-risk-');
  const db = openDatabase(dir.path);
  const app = createApp({
    db,
    simulator: new MarketSimulator({ seed: 7, nowMs: T0 }),
    logger: createLogger('silent'),
    signing: testSigning(),
    localMode: options.localMode,
    passwordParams: TEST_SCRYPT,
  });
  cleanups.push(() => db.open && db.close());
  if (!options.dir) cleanups.push(dir.remove);
  const post = async (path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== undefined) headers['risk-token'] = token;
    return (await app.request(`http://localhost${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  };
  const issue = async () => ((await (await app.request('http://localhost/v1/constantid/udid/c1')).json()) as { data: { token: string } }).data.token;
  return { app, db, dir, post, issue, close: () => db.close() };
}

const REFUSED = { status: 'error', code: '40140', msg: 'Risk check failed, please refresh the page and try again', data: null };
const LOGIN = { loginName: 'nobody@example.com', bodyCiphertext: 'x' };

describe('risk token on the §7.6 endpoints outside local mode', () => {
  it('refuses a call without a token, or with one the gateway never issued', async () => {
    const g = gateway({ localMode: false });
    expect(await g.post('/v1/user/login', LOGIN)).toEqual(REFUSED);
    expect(await g.post('/v1/user/login', LOGIN, 'f'.repeat(40))).toEqual(REFUSED);
    expect(await g.post('/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'a@example.com' }, 'short')).toEqual(REFUSED);
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
    first.close();
    const again = gateway({ localMode: false, dir: first.dir });
    expect((await again.post('/v1/user/login', LOGIN, token)).code).toBe('40101');
    again.db.prepare('UPDATE risk_tokens SET issued_at = ? WHERE digest = ?').run(Date.now() - 14_400_000, createHash('sha256').update(token).digest());
    expect(await again.post('/v1/user/login', LOGIN, token)).toEqual(REFUSED);
  });

  it('leaves other endpoints alone', async () => {
    const g = gateway({ localMode: false });
    expect((await (await g.app.request('http://localhost/v1/public/time')).json()).code).toBe('00000');
    expect((await g.post('/v1/user/logout', {})).code).toBe('00000');
  });

  it('is not asked for in local mode', async () => {
    const g = gateway({ localMode: true });
    expect((await g.post('/v1/user/login', LOGIN)).code).toBe('40101');
  });
});
