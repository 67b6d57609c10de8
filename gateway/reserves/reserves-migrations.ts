import type { Migration } from '../db/migration';

/**
 * Schema of proof of reserves (ids 810–819; append only): each user's leaf nonce (secret to them), the exchange's
 * simulated holdings per coin (a seeded basis), and every published tree (root, leaf count, per-coin figures).
 */
export const RESERVES_MIGRATIONS: readonly Migration[] = [
  {
    id: 810,
    name: 'reserves',
    sql: `
      CREATE TABLE reserves_nonces (
        user_id TEXT PRIMARY KEY,
        nonce TEXT NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE reserves_wallets (
        coin TEXT PRIMARY KEY,
        basis_bp INTEGER NOT NULL,
        seeded_at INTEGER NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE reserves_roots (
        built_at INTEGER PRIMARY KEY,
        root TEXT NOT NULL,
        leaf_count INTEGER NOT NULL,
        coins TEXT NOT NULL
      );
    `,
  },
];
