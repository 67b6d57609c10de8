import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyProof } from '../../../../engine/reserves/merkle-proof';
import { createRateLimiter } from '../../../../gateway/security/rate-limiter';
import type { AuthSession } from '../../../../gateway/http/gateway-env';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { createLogger } from '../../../../gateway/log/logger';
import { PROOF_LIMIT, RESERVES_PATHS, reservesRoutes } from '../../../../gateway/reserves/reserves-routes';
import { ReservesService } from '../../../../gateway/reserves/reserves-service';
import type { Reply, TradingHarness } from '../trading/trading-support';
import { fund, makeReservesHarness, sha256 } from './reserves-support';

const asyncSha = async (data: Uint8Array) => sha256(data);

let h: TradingHarness;
let service: ReservesService;
let app: Hono<GatewayEnv>;

/** Signs a request in as `x-test-user` (session `s-<user>`, or `x-test-session`): a stand-in for the session cookie. */
function appWithSessions(routes: Hono<GatewayEnv>): Hono<GatewayEnv> {
  const outer = new Hono<GatewayEnv>();
  outer.use('*', async (c, next) => {
    const userId = c.req.header('x-test-user');
    const sessionId = c.req.header('x-test-session') ?? `s-${userId}`;
    c.set('session', userId ? ({ sessionId, userId } as AuthSession) : null);
    await next();
  });
  outer.route('/', routes);
  return outer;
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(`http://localhost${path}`, { headers });
  return { status: res.status, reply: (await res.json()) as Reply };
};

beforeEach(() => {
  h = makeReservesHarness();
  service = new ReservesService({ db: h.db, logger: createLogger('silent'), now: () => h.clock.now });
  app = appWithSessions(
    reservesRoutes(
      service,
      h.trading,
      createRateLimiter(h.db, () => h.clock.now),
    ),
  );
});
afterEach(() => h.close());

describe('GET /v1/public/reserves/summary', () => {
  it('says nothing is published before the first build', async () => {
    const { reply } = await get(RESERVES_PATHS.summary);
    expect(reply.data).toEqual({ builtAt: null, root: null, leafCount: 0, coins: [], history: [] });
  });

  it('serves the latest root, the coins with their ratio and the history to anyone', async () => {
    fund(h, 'ann', 'BTC', '1');
    const first = (await service.rebuild())!;
    h.clock.now += 600_000;
    fund(h, 'bob', 'BTC', '2');
    const second = (await service.rebuild())!;
    const { reply } = await get(RESERVES_PATHS.summary);
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({ builtAt: second.builtAt, root: second.root, leafCount: 2 });
    expect(reply.data.history).toEqual([
      { builtAt: second.builtAt, root: second.root, leafCount: 2 },
      { builtAt: first.builtAt, root: first.root, leafCount: 1 },
    ]);
    const btc = reply.data.coins.find((c: { coin: string }) => c.coin === 'BTC');
    expect(btc).toMatchObject({ coin: 'BTC', liabilities: '3.00000000' });
    expect(btc.ratio).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('GET /v1/asset/reserves/proof', () => {
  it('answers 00005 without a session', async () => {
    const { status, reply } = await get(RESERVES_PATHS.proof);
    expect(status).toBe(401);
    expect(reply.code).toBe('00005');
  });

  it('answers 40921 before the first build', async () => {
    const { status, reply } = await get(RESERVES_PATHS.proof, { 'x-test-user': 'ann' });
    expect(status).toBe(503);
    expect(reply.code).toBe('40921');
  });

  it('gives two users each their own proof, verifying against the published root', async () => {
    fund(h, 'ann', 'BTC', '1.5');
    fund(h, 'bob', 'ETH', '4');
    await service.rebuild();
    const root = (await get(RESERVES_PATHS.summary)).reply.data.root;
    const ann = (await get(RESERVES_PATHS.proof, { 'x-test-user': 'ann' })).reply.data;
    const bob = (await get(RESERVES_PATHS.proof, { 'x-test-user': 'bob' })).reply.data;
    expect(ann.userId).toBe('ann');
    expect(ann.balances).toContainEqual(['BTC', '1.5']);
    expect(bob.userId).toBe('bob');
    expect(bob.balances).toContainEqual(['ETH', '4']);
    expect(ann.nonce).not.toBe(bob.nonce);
    expect(JSON.stringify(ann)).not.toContain(bob.nonce);
    expect((await verifyProof(ann, asyncSha, root)).ok).toBe(true);
    expect((await verifyProof(bob, asyncSha, root)).ok).toBe(true);
  });

  it("ignores a user id in the query or the body: the proof is always the caller's", async () => {
    fund(h, 'ann', 'BTC', '1');
    fund(h, 'bob', 'BTC', '9');
    await service.rebuild();
    for (const path of [`${RESERVES_PATHS.proof}?userId=bob`, `${RESERVES_PATHS.proof}?uid=bob&user=bob`]) {
      const { reply } = await get(path, { 'x-test-user': 'ann' });
      expect(reply.data.userId).toBe('ann');
      expect(reply.data.balances).not.toContainEqual(['BTC', '9']);
    }
    const res = await app.request(`http://localhost${RESERVES_PATHS.proof}`, {
      method: 'GET',
      headers: { 'x-test-user': 'ann', 'x-user-id': 'bob' },
    });
    expect(((await res.json()) as Reply).data.userId).toBe('ann');
  });

  it('serves no proof to other methods or a body naming someone else', async () => {
    fund(h, 'ann', 'BTC', '1');
    fund(h, 'bob', 'BTC', '9');
    await service.rebuild();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await app.request(`http://localhost${RESERVES_PATHS.proof}`, {
        method,
        headers: { 'x-test-user': 'ann', 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'bob', nonce: 'a'.repeat(32) }),
      });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('nonce');
    }
    const odd = await get(`${RESERVES_PATHS.proof}?userId=${'%00'.repeat(500)}&userId=bob`, { 'x-test-user': 'ann' });
    expect(odd.reply.data.userId).toBe('ann');
  });

  it('answers 40920 for an account newer than the tree', async () => {
    fund(h, 'ann', 'BTC', '1');
    await service.rebuild();
    const { status, reply } = await get(RESERVES_PATHS.proof, { 'x-test-user': 'newcomer' });
    expect(status).toBe(404);
    expect(reply.code).toBe('40920');
    expect(reply.msg).toMatch(/not in the latest reserves tree/);
    expect(reply.data).toBeNull();
  });

  it('tells a demo account (simulation mode) that simulated balances are not in the tree', async () => {
    h.db
      .prepare(
        "INSERT INTO users (id, email, password_hash, created_at, is_demo) VALUES ('demo-ann', 'demo-ann@example.com', 'x', 0, 1)",
      )
      .run();
    fund(h, 'demo-ann', 'USDT', '50000');
    await service.rebuild();
    const { status, reply } = await get(RESERVES_PATHS.proof, { 'x-test-user': 'demo-ann' });
    expect(status).toBe(403);
    expect(reply.code).toBe('40923');
    expect(reply.data).toBeNull();
  });

  it('limits proofs per session, not per user', async () => {
    fund(h, 'ann', 'BTC', '1');
    await service.rebuild();
    const headers = { 'x-test-user': 'ann', 'x-test-session': 'one' };
    for (let i = 0; i < PROOF_LIMIT.max; i += 1) expect((await get(RESERVES_PATHS.proof, headers)).status).toBe(200);
    const limited = await get(RESERVES_PATHS.proof, headers);
    expect(limited.status).toBe(429);
    expect(limited.reply.code).toBe('40922');
    expect((await get(RESERVES_PATHS.proof, { 'x-test-user': 'ann', 'x-test-session': 'two' })).status).toBe(200);
    h.clock.now += PROOF_LIMIT.windowMs + 1;
    expect((await get(RESERVES_PATHS.proof, headers)).status).toBe(200);
  });
});
