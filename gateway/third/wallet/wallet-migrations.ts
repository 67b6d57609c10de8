import type { Migration } from '../../db/migration';

/** Id 720: the sign-in messages (EIP-4361) handed out by `wallet/nonce`, the newest per address, until used or expired. */
export const WALLET_MIGRATIONS: readonly Migration[] = [
  {
    id: 720,
    name: 'wallet sign-in messages',
    sql: `
      CREATE TABLE third_wallet_messages (
        address TEXT PRIMARY KEY,
        nonce TEXT NOT NULL,
        message TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX third_wallet_messages_expiry ON third_wallet_messages (expires_at);
    `,
  },
];
