import BetterSqlite3, { type Database } from 'better-sqlite3';
import { Hono } from 'hono';
import { runMigrations } from '../../../../gateway/db/migration';
import { MIGRATIONS } from '../../../../gateway/migrations';
import { openDatabase } from '../../../../gateway/open-database';
import { replyError } from '../../../../gateway/http/envelope';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { GatewayError } from '../../../../gateway/http/gateway-error';
import { createReplayStore, type ReplayStore } from '../../../../gateway/security/replay-store';
import { SECURITY_MIGRATIONS } from '../../../../gateway/security/security-migrations';
import { tempDir } from '../support';

/** A fixed gateway clock: 2025-01-15T12:00:00Z, whose time8 is "17369424". */
export const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

/** A migrated database (gateway + security tables) in a temp dir. */
export function makeSecurityDb(): { db: Database; dir: string; close: () => void } {
  const dir = tempDir('gateway-security-');
  const db = openDatabase(dir.path);
  runMigrations(db, [...MIGRATIONS, ...SECURITY_MIGRATIONS]);
  return {
    db,
    dir: dir.path,
    close: () => {
      if (db.open) db.close();
      dir.remove();
    },
  };
}

/** A bare app with the gateway's error handling, for mounting one security module. */
export function bareApp(): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  app.onError((error, c) => {
    if (error instanceof GatewayError) return replyError(c, error);
    throw error;
  });
  return app;
}

/** A replay store of its own over an in-memory database, so tests that open equal envelopes do not see each other's. */
export function freshReplayStore(): ReplayStore {
  const db = new BetterSqlite3(':memory:');
  runMigrations(db, SECURITY_MIGRATIONS);
  return createReplayStore(db);
}
