import type { Database } from 'better-sqlite3';
import type { Hono } from 'hono';
import { type AppDeps, createApp } from '../../../gateway/app';
import { hashPassword } from '../../../gateway/auth/password-hash';
import type { TwoFactorFlags } from '../../../gateway/auth/user-store';
import { createUserStore } from '../../../gateway/auth/user-store';
import { openDatabase } from '../../../gateway/open-database';
import type { GatewayEnv } from '../../../gateway/http/gateway-env';
import { createLogger } from '../../../gateway/log/logger';
import { MarketSimulator } from '../../../gateway/market/simulator';
import { TEST_SCRYPT } from './auth/auth-support';
import type { Transport } from './security/ds1-device';
import { T0, tempDir, testSigning } from './support';
import { NO_REFERRAL } from '../../../gateway/auth/auth-fields';

/** The whole gateway app (sessions, signatures, risk check, every route) with no socket, over a database of its own. */
export interface WholeGateway {
  app: Hono<GatewayEnv>;
  db: Database;
  /** The data dir; give it to another `wholeGateway` to restart on the same data. */
  dir: ReturnType<typeof tempDir>;
  /** Sends a request to the app as `http://localhost` (or the given host). */
  transport: Transport;
  /** Inserts an account with this password (cheap scrypt), optionally with second factors on. */
  addUser(email: string, password: string, twoFactor?: Partial<TwoFactorFlags>): Promise<void>;
  /** Closes the database; removes the data dir unless it was given. */
  close(): void;
}

/** Builds the whole gateway app in local mode unless told otherwise; `deps` override any app dependency. */
export function wholeGateway(
  options: { dir?: ReturnType<typeof tempDir>; host?: string } & Partial<AppDeps> = {},
): WholeGateway {
  const { dir: givenDir, host = 'localhost', ...deps } = options;
  const dir = givenDir ?? tempDir('gateway-whole-');
  const db = openDatabase(dir.path);
  const app = createApp({
    db,
    simulator: new MarketSimulator({ seed: 7, nowMs: T0 }),
    logger: createLogger('silent'),
    signing: testSigning(),
    localMode: true,
    passwordParams: TEST_SCRYPT,
    ...deps,
  });
  const users = createUserStore(db);
  return {
    app,
    db,
    dir,
    transport: (path, init) => app.request(`http://${host}${path}`, init),
    addUser: async (email, password, twoFactor) => {
      const inserted = users.insert({
        email,
        areaCode: null,
        mobile: null,
        passwordHash: await hashPassword(password, TEST_SCRYPT),
        createdAt: Date.now(),
        referral: NO_REFERRAL,
        twoFactor,
      });
      if (inserted === 'duplicate') throw new Error(`duplicate test user ${email}`);
    },
    close: () => {
      if (db.open) db.close();
      if (!givenDir) dir.remove();
    },
  };
}
