import type { Database } from 'better-sqlite3';

/** Reads and writes `terms_consents` (migration 204): when each account agreed to the terms at registration. */
export interface TermsConsentStore {
  /** Records that `userId` agreed at `agreedAt` (ms); call inside the transaction that creates the account. */
  record(userId: string, agreedAt: number): void;
  /** When an account agreed, or null for one made without the form (dev seed, sub-accounts, third-party sign-up). */
  agreedAt(userId: string): number | null;
}

/** Creates the store over the migrated `terms_consents` table. */
export function createTermsConsentStore(db: Database): TermsConsentStore {
  const insert = db.prepare('INSERT INTO terms_consents (user_id, agreed_at) VALUES (?, ?)');
  const select = db.prepare('SELECT agreed_at FROM terms_consents WHERE user_id = ?');
  return {
    record: (userId, agreedAt) => {
      insert.run(userId, agreedAt);
    },
    agreedAt: (userId) => (select.get(userId) as { agreed_at: number } | undefined)?.agreed_at ?? null,
  };
}
