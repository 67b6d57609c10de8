import type { Database } from 'better-sqlite3';

/** A limit: at most `max` events in the last `windowMs` for one bucket. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Counts events per bucket in SQLite (so limits survive a restart and are shared by gateways on one data dir), on an injected clock. */
export interface RateLimiter {
  /** True when the bucket already holds `limit.max` events inside the window. */
  isLimited(bucket: string, limit: RateLimit): boolean;
  /** How many events the bucket holds from the last `windowMs`. */
  count(bucket: string, windowMs: number): number;
  /** Records one event now. */
  hit(bucket: string): void;
  /** Forgets a bucket's events (after a successful login, for its account). */
  clear(bucket: string): void;
}

/** Events older than this are deleted; it must exceed the longest window in use. */
const RETENTION_MS = 24 * 60 * 60 * 1000;
/** Prune once per this many recorded events, so a flood of random buckets cannot grow the table without bound. */
const PRUNE_EVERY = 200;

/** Creates the limiter over the migrated `auth_rate_events` table. */
export function createRateLimiter(db: Database, now: () => number): RateLimiter {
  const count = db.prepare('SELECT COUNT(*) AS n FROM auth_rate_events WHERE bucket = ? AND at > ?');
  const insert = db.prepare('INSERT INTO auth_rate_events (bucket, at) VALUES (?, ?)');
  const remove = db.prepare('DELETE FROM auth_rate_events WHERE bucket = ?');
  const prune = db.prepare('DELETE FROM auth_rate_events WHERE at <= ?');
  let sincePrune = 0;
  return {
    isLimited: (bucket, limit) => (count.get(bucket, now() - limit.windowMs) as { n: number }).n >= limit.max,
    count: (bucket, windowMs) => (count.get(bucket, now() - windowMs) as { n: number }).n,
    hit: (bucket) => {
      const at = now();
      insert.run(bucket, at);
      sincePrune += 1;
      if (sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        prune.run(at - RETENTION_MS);
      }
    },
    clear: (bucket) => {
      remove.run(bucket);
    },
  };
}
