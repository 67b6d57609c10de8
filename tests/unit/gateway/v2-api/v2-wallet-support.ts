import ccxt from 'ccxt';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { type Account, CLIENT_IP, type KeyCredentials, type KeyHarness, PASSPHRASE } from '../api-keys/apikey-support';

/** ccxt's bitget client, as a bot holds it. */
export type Bitget = InstanceType<typeof ccxt.bitget>;

/**
 * ccxt's bitget configured with a key, its every REST host moved to the in-process gateway (`app.request` stands in
 * for the network); it builds, signs and reads each request exactly as it does for the exchange. Requests come from
 * the trusted proxy's client address, as the harness's other requests do.
 */
export function ccxtBitget(app: Hono<GatewayEnv>, key: KeyCredentials): Bitget {
  const exchange = new ccxt.bitget({
    apiKey: key.apiKey,
    secret: key.secretKey,
    password: key.passphrase,
    headers: { 'x-forwarded-for': CLIENT_IP },
  });
  const api = exchange.urls.api as Record<string, unknown>;
  for (const [name, host] of Object.entries(api)) if (typeof host === 'string') api[name] = 'http://localhost';
  exchange.fetchImplementation = (url: string, init: RequestInit) =>
    app.request(url, { method: init.method, headers: init.headers, body: init.body });
  return exchange;
}

/**
 * Creates a sub-account of `main` and a key of it (the main account's session routes, step-ups granted in the store as
 * a right answer would): the sub-account's id and what its bot would hold.
 */
export async function subAccountKey(
  h: KeyHarness,
  main: Account,
  name: string,
  permissions: string[],
): Promise<{ userId: string; key: KeyCredentials }> {
  h.db
    .prepare(
      `INSERT OR REPLACE INTO step_up_grants (session_id, purpose, expires_at)
       SELECT id, 'sub-create', ? FROM sessions WHERE user_id = ?`,
    )
    .run(Date.now() + 60_000, main.userId);
  const sub = await main.post('/v1/user/sub/create', { name });
  expect(sub.code, sub.msg).toBe('00000');
  const userId = String(sub.data.userId);
  main.grantStepUp('api-key-create');
  const created = await main.post('/v1/user/sub/apikey/create', {
    userId,
    label: `${name} bot`,
    permissions,
    ips: [],
    passphrase: PASSPHRASE,
  });
  expect(created.code, created.msg).toBe('00000');
  return { userId, key: { apiKey: created.data.apiKey, secretKey: created.data.secretKey, passphrase: PASSPHRASE } };
}
