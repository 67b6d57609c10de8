import { Hono } from 'hono';
import { businessErrorHandler, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { mixRoutes } from './mix-routes';
import { positionRoutes } from './position-routes';
import { spotRoutes } from './spot-routes';
import { queryCursor } from './trade-input';
import { requireTrader } from './trade-session';
import type { PaperTrading } from './paper-trading';

/** Every `/v1/trade/` route of the paper-trading contract: spot, USDT-M futures and the `changes` long poll. */
export function tradeRoutes(trading: PaperTrading): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  routes.route('/', spotRoutes(trading));
  routes.route('/', mixRoutes(trading));
  routes.route('/', positionRoutes(trading));

  routes.get('/v1/trade/changes', async (c) => {
    const userId = requireTrader(c, trading.ctx);
    const cursor = queryCursor(c);
    return replyOk(c, await trading.changes.wait(userId, cursor, trading.longPollMs, c.req.raw.signal));
  });

  return routes;
}
