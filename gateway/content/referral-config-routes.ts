import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';

/** The referral capture config the client applies to landing URLs (spec §3 "Referral config"); ours, since the spec shows only its fields. */
export const DEFAULT_REFERRAL_CONFIG = {
  open: true,
  cacheEffectiveTime: 30,
  channelCodeList: [] as unknown[],
  activeLinkList: [] as unknown[],
};

/** `GET /v1/public/referral/config`. */
export function referralConfigRoutes(config: object = DEFAULT_REFERRAL_CONFIG) {
  const routes = new Hono<GatewayEnv>();
  routes.get('/v1/public/referral/config', (c) => replyOk(c, config));
  return routes;
}
