import type { Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env';
import { isHttpsRequest } from '../../http/request-origin';
import type { ThirdContext } from '../third-core';

/** Where a request came to: the EIP-4361 `domain` (host and port) and `uri` (the origin). */
export interface RequestSite {
  host: string;
  origin: string;
}

/** A Host header naming a DNS name or IPv4 address and an optional port (EIP-4361 cannot name the rest). */
const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::\d{1,5})?$/;

/** The normalised origin of a URL, or null when it is not one. */
function originOf(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The site a request came to, when a wallet may sign in for it: one of the product's origins, or in local mode the
 * request's own origin; null otherwise (a Host header that is no host, or a site that is not ours).
 */
export function siteOf(tctx: ThirdContext, c: Context<GatewayEnv>): RequestSite | null {
  const hostHeader = c.req.header('host') ?? new URL(c.req.url).host;
  if (!HOST.test(hostHeader)) return null;
  const own = originOf(`${isHttpsRequest(c) ? 'https' : 'http'}://${hostHeader}`);
  if (!own) return null;
  const site = { host: own.host, origin: own.origin };
  if (tctx.localMode) return site;
  return tctx.origins.some((origin) => originOf(origin)?.origin === site.origin) ? site : null;
}
