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
 * The relying party of a request, taken from the URL it was sent to (its Host): one gateway serves the app under any
 * name (localhost, a LAN name, production), and a key is bound to the name it was registered under.
 */
export function relyingPartyOf(requestUrl: string): RelyingParty {
  const url = new URL(requestUrl);
  return { rpID: url.hostname, origin: url.origin };
}
