import type { Migration } from '../db/migration';

/** Schema of sub-account management (ids 240–249; append only): a sub-account's frozen and deleted marks. */
export const SUB_ACCOUNT_MIGRATIONS: readonly Migration[] = [
  {
    id: 240,
    name: 'sub-account-status',
    // A deleted sub-account keeps its users row (the ledger and records name it) but drops its name, so the family
    // may use the name again; the name it had stays here for the log. No row: an active sub-account.
    sql: `
      CREATE TABLE sub_account_status (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        frozen_at INTEGER,
        deleted_at INTEGER,
        deleted_name TEXT
      ) WITHOUT ROWID;
    `,
  },
];
