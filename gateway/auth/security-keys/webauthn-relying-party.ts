import type { Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env';

/** The relying-party name authenticators show. */
export const RP_NAME = 'Exchange';
/** How long the browser lets the user answer a ceremony (the challenge itself lives 5 minutes). */
export const CEREMONY_TIMEOUT_MS = 60_000;

/** Where a ceremony must have happened: the RP id (host name) and the origin (scheme, host and port). */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/**
 * The relying party of this request, taken from its own URL (the Host it was sent to): one gateway serves the app
 * under any name (localhost, a LAN name, production), and a key is bound to the name it was registered under.
 */
export function relyingPartyOf(c: Context<GatewayEnv>): RelyingParty {
  const url = new URL(c.req.url);
  return { rpID: url.hostname, origin: url.origin };
}
