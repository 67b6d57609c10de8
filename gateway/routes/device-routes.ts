import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';

/** How many issued device tokens are remembered (oldest forgotten first). */
const MAX_REMEMBERED = 10_000;
const TOKEN_TTL_MS = 14_400 * 1000;

/** The device-token side of risk control: issues the 40-character token the risk SDK hands the client (spec §7.6). */
export function deviceRoutes(now: () => number = Date.now) {
  const routes = new Hono<GatewayEnv>();
  const issued = new Map<string, number>();

  routes.get('/v1/constantid/udid/c1', (c) => {
    const token = randomBytes(20).toString('hex');
    issued.set(token, now());
    if (issued.size > MAX_REMEMBERED) issued.delete(issued.keys().next().value as string);
    c.header('cache-control', 'no-store');
    return replyOk(c, { token });
  });

  /** Whether a token was issued here within its 14 400 s life (for flows that weigh risk). */
  const isKnownToken = (token: string | undefined): boolean => {
    const at = token ? issued.get(token) : undefined;
    return at !== undefined && now() - at < TOKEN_TTL_MS;
  };

  return { routes, isKnownToken };
}
