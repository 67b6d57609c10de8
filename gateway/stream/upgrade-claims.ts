import type { IncomingMessage } from 'node:http';

/** Upgrade requests a stream has taken; every `upgrade` listener of the server sees every request. */
const claimed = new WeakSet<IncomingMessage>();

/**
 * Marks an upgrade request as answered by one stream, so the others on the same HTTP server leave it alone (the
 * public stream refuses every path but its own with a 404, which would otherwise be written over the accepted socket).
 */
export function claimUpgrade(request: IncomingMessage): void {
  claimed.add(request);
}

/** True when another stream already took this upgrade request. */
export function isUpgradeClaimed(request: IncomingMessage): boolean {
  return claimed.has(request);
}
