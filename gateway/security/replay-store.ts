import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/** How long a request signature stays remembered (contract §4: a `(keyId, device-sign)` pair seen within 200 s is a replay). */
export const SIGNATURE_REPLAY_MS = 200_000;
/** Prune expired entries once per this many claims, so the table holds roughly one replay window of traffic. */
const PRUNE_EVERY = 500;

/** The kinds of one-time proofs remembered; each has its own namespace, so one kind can never block another. */
export type ReplayKind = 'signature' | 'login-envelope' | 'device-check' | 'api-key-signature' | 'api-key-login';

/**
 * Remembers one-time proofs (request signatures, login envelopes, device checks, API-key signatures) in SQLite until they expire, so a
 * proof is accepted once, also across a restart and across gateways sharing one data dir (contract §3, §4, §5).
 */
export interface ReplayStore {
  /** Records `proof` until `expiresAt` (ms); false when it is already recorded and not yet expired, i.e. a replay. */
  claim(kind: ReplayKind, proof: string, nowMs: number, expiresAt: number): boolean;
}

/** Creates the store over the migrated `sign_replays` table; proofs are stored as SHA-256 digests, never in clear. */
export function createReplayStore(db: Database): ReplayStore {
  // An expired row is taken over in the same statement, so two copies of one proof can never both see "free".
  const claim = db.prepare(`INSERT INTO sign_replays (digest, expires_at) VALUES (?, ?)
    ON CONFLICT (digest) DO UPDATE SET expires_at = excluded.expires_at WHERE sign_replays.expires_at <= ?`);
  const prune = db.prepare('DELETE FROM sign_replays WHERE expires_at <= ?');
  let sincePrune = 0;
  return {
    claim(kind, proof, nowMs, expiresAt) {
      sincePrune += 1;
      if (sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        prune.run(nowMs);
      }
      const digest = createHash('sha256').update(`${kind}\n${proof}`).digest();
      return claim.run(digest, Math.max(expiresAt, nowMs + 1), nowMs).changes === 1;
    },
  };
}
