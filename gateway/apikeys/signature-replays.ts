import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/** Prune expired signatures once per this many claims, so the table holds about one 30 s window of traffic. */
const PRUNE_EVERY = 200;

/**
 * The v2 signatures already accepted, per key, until their timestamp leaves the window. Kept in SQLite, not in memory:
 * a gateway restarted within 30 s of a request (a crash, `npm start` again) would otherwise accept it a second time,
 * and the architecture refuses every one-time proof the second time, also after a restart. Bounded by the window:
 * rows expire with their timestamp and are pruned as new ones arrive.
 */
export interface SignatureReplays {
  /** Records the key's signature until `expiresAt`; false when it was recorded already and has not expired (a replay). */
  claim(apiKey: string, signature: string, nowMs: number, expiresAt: number): boolean;
}

/** Creates the memory over the migrated `api_key_replays` table; signatures are kept as SHA-256 digests. */
export function createSignatureReplays(db: Database): SignatureReplays {
  // An expired row is taken over in the same statement, so two copies of one request can never both see "free".
  const claim = db.prepare(`INSERT INTO api_key_replays (digest, expires_at) VALUES (?, ?)
    ON CONFLICT (digest) DO UPDATE SET expires_at = excluded.expires_at WHERE api_key_replays.expires_at <= ?`);
  const prune = db.prepare('DELETE FROM api_key_replays WHERE expires_at <= ?');
  let sincePrune = 0;
  return {
    claim(apiKey, signature, nowMs, expiresAt) {
      sincePrune += 1;
      if (sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        prune.run(nowMs);
      }
      const digest = createHash('sha256').update(`${apiKey}\n${signature}`).digest();
      return claim.run(digest, Math.max(expiresAt, nowMs + 1), nowMs).changes === 1;
    },
  };
}
