import type { Migration } from '../db/migration';

/**
 * Schema of the protection fund (ids 820–829; append only): its own ledger, one row per movement with the balance
 * after it (amounts and balances are bigint strings of 10^-8 of the coin), and its one row of state (the key that
 * masks user references, and when its history was seeded).
 */
export const FUND_MIGRATIONS: readonly Migration[] = [
  {
    id: 820,
    name: 'protection-fund',
    sql: `
      CREATE TABLE protection_fund_ledger (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        coin TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('seed', 'inflow', 'payout')),
        amount TEXT NOT NULL,
        balance TEXT NOT NULL,
        order_id TEXT,
        symbol TEXT,
        hold_side TEXT,
        size TEXT,
        user_ref TEXT
      );
      CREATE INDEX protection_fund_ledger_coin ON protection_fund_ledger (coin, at);
      CREATE INDEX protection_fund_ledger_kind ON protection_fund_ledger (kind, seq);

      CREATE TABLE protection_fund_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        mask_key TEXT NOT NULL,
        seeded_at INTEGER NOT NULL
      );
    `,
  },
];
