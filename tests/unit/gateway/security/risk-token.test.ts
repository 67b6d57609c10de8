import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../gateway/open-database';
import { replyOk } from '../../../../gateway/http/envelope';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { requestOrigin } from '../../../../gateway/http/request-origin';
import {
  DEVICE_TOKEN_PATH,
  riskTokenRoutes,
  RISK_MINT_BURST,
  RISK_MINT_HOURLY,
} from '../../../../gateway/security/risk-token-routes';
import { T0, tempDir } from '../support';
import { type WholeGateway, wholeGateway } from '../whole-gateway';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The whole gateway app (`dir` reuses a data dir, as a restart would), with request helpers. */
function gateway(options: { localMode: boolean; trustProxy?: boolean; dir?: WholeGateway['dir'] }) {
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

/** The device routes alone behind a trusted proxy, on a clock the test moves, over a data dir a "restart" reopens. */
function deviceGateway(options: { required?: boolean; dir?: ReturnType<typeof tempDir> } = {}) {
  const dir = options.dir ?? tempDir('risk-device-');
  const db = openDatabase(dir.path);
  const clock = { now: T0 };
  const device = riskTokenRoutes({ db, required: options.required ?? true, now: () => clock.now });
  const app = new Hono<GatewayEnv>();
  app.use('*', requestOrigin({ trustProxy: true }));
  app.use('/v1/*', device.riskCheck);
  app.route('/', device.routes);
  app.post('/v1/user/login', (c) => replyOk(c, 'past the risk check'));
  cleanups.push(() => {
    if (db.open) db.close();
    if (!options.dir) dir.remove();
  });
  const from = (address: string, headers: Record<string, string> = {}) => ({
    headers: { 'x-forwarded-for': address, ...headers },
  });
  return {
    db,
    dir,
    clock,
    /** Asks for a token from `address`: the token, or the refusal's status, code and retry-after. */
    mint: async (address: string) => {
      const response = await app.request(`http://localhost${DEVICE_TOKEN_PATH}`, from(address));
      const body = (await response.json()) as { code: string; data: { token: string } | null };
      return response.status === 200
        ? { token: body.data!.token }
        : { status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') };
    },
    /** A §7.6 call with `token` from `address`: its envelope code. */
    use: async (token: string, address: string) => {
      const init = { method: 'POST', ...from(address, { 'risk-token': token }) };
      return ((await (await app.request('http://localhost/v1/user/login', init)).json()) as { code: string }).code;
    },
  };
}

describe('issuing risk tokens outside local mode', () => {
  it('gives one address 20 tokens a minute, then answers 429 40429 with retry-after while other addresses still get theirs', async () => {
    const g = deviceGateway();
    for (let i = 0; i < RISK_MINT_BURST.max; i += 1) expect(await g.mint('198.51.100.7')).toHaveProperty('token');
    expect(await g.mint('198.51.100.7')).toEqual({ status: 429, code: '40429', retryAfter: '60' });
    expect(await g.mint('198.51.100.8')).toHaveProperty('token');
    g.clock.now += RISK_MINT_BURST.windowMs;
    expect(await g.mint('198.51.100.7')).toHaveProperty('token');
  });

  it('caps an address at 600 tokens an hour, however they are spread', async () => {
    const g = deviceGateway();
    const start = g.clock.now;
    let issued = 0;
    while (issued < RISK_MINT_HOURLY.max) {
      for (let i = 0; i < RISK_MINT_BURST.max; i += 1) {
        expect(await g.mint('203.0.113.9')).toHaveProperty('token');
        issued += 1;
      }
      g.clock.now += RISK_MINT_BURST.windowMs;
    }
    expect(g.clock.now - start).toBeLessThan(RISK_MINT_HOURLY.windowMs);
    expect(await g.mint('203.0.113.9')).toEqual({ status: 429, code: '40429', retryAfter: '3600' });
    g.clock.now = start + RISK_MINT_HOURLY.windowMs + 1;
    expect(await g.mint('203.0.113.9')).toHaveProperty('token');
  });

  it('counts an IPv6 /64 as one address, and a dual-stack IPv4 as its IPv4', async () => {
    const g = deviceGateway();
    for (let i = 0; i < RISK_MINT_BURST.max; i += 1)
      expect(await g.mint(`2001:db8:1:2::${(i + 1).toString(16)}`)).toHaveProperty('token');
    expect(await g.mint('2001:db8:1:2:ffff::1')).toMatchObject({ code: '40429' });
    expect(await g.mint('2001:db8:1:3::1')).toHaveProperty('token');
    for (let i = 0; i < RISK_MINT_BURST.max; i += 1) await g.mint('192.0.2.44');
    expect(await g.mint('::ffff:192.0.2.44')).toMatchObject({ code: '40429' });
  });

  it('keeps counting across a restart', async () => {
    const first = deviceGateway();
    for (let i = 0; i < RISK_MINT_BURST.max; i += 1) await first.mint('198.51.100.70');
    first.db.close();
    const again = deviceGateway({ dir: first.dir });
    again.clock.now = first.clock.now;
    expect(await again.mint('198.51.100.70')).toMatchObject({ code: '40429' });
  });

  it('does not limit local mode, where no call needs a token', async () => {
    const g = deviceGateway({ required: false });
    for (let i = 0; i < 50; i += 1) expect(await g.mint('127.0.0.1')).toHaveProperty('token');
  });

  it('keeps no address in clear, neither with the tokens nor in the rate table', async () => {
    const g = deviceGateway();
    await g.mint('198.51.100.99');
    const dump = JSON.stringify([
      g.db.prepare('SELECT hex(digest) AS d, hex(address_tag) AS t, issued_at FROM risk_tokens').all(),
      g.db.prepare('SELECT bucket FROM auth_rate_events').all(),
    ]);
    expect(dump).not.toContain('198.51.100.99');
    expect(dump).not.toContain(Buffer.from('198.51.100.99').toString('hex').toUpperCase());
  });
});

describe('a risk token is bound to the address it was issued to', () => {
  it('passes from that address and is refused with 40140 from any other', async () => {
    const g = deviceGateway();
    const { token } = (await g.mint('198.51.100.20')) as { token: string };
    expect(await g.use(token, '198.51.100.20')).toBe('00000');
    for (const elsewhere of ['198.51.100.21', '203.0.113.20', '2001:db8::20', 'unknown'])
      expect(await g.use(token, elsewhere)).toBe('40140');
  });

  it('binds an IPv6 token to its /64, so a rotated privacy address of the same network still passes', async () => {
    const g = deviceGateway();
    const { token } = (await g.mint('2001:db8:aa:bb:1111:2222:3333:4444')) as { token: string };
    expect(await g.use(token, '2001:db8:aa:bb::9')).toBe('00000');
    expect(await g.use(token, '2001:db8:aa:bc::9')).toBe('40140');
  });

  it('is still bound after a restart', async () => {
    const first = gateway({ localMode: false, trustProxy: true });
    const mint = await first.transport('/v1/constantid/udid/c1', { headers: { 'x-forwarded-for': '192.0.2.5' } });
    const { token } = ((await mint.json()) as { data: { token: string } }).data;
    first.db.close();
    const again = gateway({ localMode: false, trustProxy: true, dir: first.dir });
    const login = async (address: string) => {
      const response = await again.transport('/v1/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'risk-token': token, 'x-forwarded-for': address },
        body: JSON.stringify(LOGIN),
      });
      return ((await response.json()) as { code: string }).code;
    };
    expect(await login('192.0.2.6')).toBe('40140');
    expect(await login('192.0.2.5')).toBe('40101');
  });
});
