import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../../auth/safe-equal';
import type { OidcProvider } from './oidc-settings';

/** How long a started sign-in waits for its provider: 10 minutes. */
export const OIDC_START_TTL_MS = 10 * 60 * 1000;

/** One started sign-in, as `oauth/start` stored it. */
export interface OidcStart {
  provider: OidcProvider;
  state: string;
  nonce: string;
  expiresAt: number;
}

/** The started sign-ins, each found by its browser's cookie secret and used once. */
export interface OidcStartStore {
  /** Stores a start under the cookie secret `secret` (replacing an older one of that browser). */
  save(secret: string, start: OidcStart, now: number): void;
  /** Uses up the live start of `secret` when its nonce is `nonce`; false when there is none (missing, other, used). */
  consume(secret: string, nonce: string, now: number): OidcStart | null;
  /** The live start of `secret`, left in place (the code exchange checks the browser started this provider). */
  find(secret: string, now: number): OidcStart | null;
}

/** The store over the migrated `third_oidc_starts` table (digests only: the database never holds the cookie). */
export function createOidcStartStore(db: Database): OidcStartStore {
  const prune = db.prepare('DELETE FROM third_oidc_starts WHERE expires_at <= ?');
  const insert = db.prepare(
    'INSERT OR REPLACE INTO third_oidc_starts (digest, provider, state, nonce, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  // One DELETE … RETURNING decides: of two requests with the same start, only one gets the row.
  const take = db.prepare(
    'DELETE FROM third_oidc_starts WHERE digest = ? AND nonce = ? AND expires_at > ? RETURNING provider, state, nonce, expires_at AS expiresAt',
  );
  const find = db.prepare(
    'SELECT provider, state, nonce, expires_at AS expiresAt FROM third_oidc_starts WHERE digest = ? AND expires_at > ?',
  );
  return {
    find: (secret, now) => (find.get(sha256Hex(secret), now) as OidcStart | undefined) ?? null,
    save: (secret, start, now) => {
      prune.run(now);
      insert.run(sha256Hex(secret), start.provider, start.state, start.nonce, start.expiresAt);
    },
    consume: (secret, nonce, now) => (take.get(sha256Hex(secret), nonce, now) as OidcStart | undefined) ?? null,
  };
}
