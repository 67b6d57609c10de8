import type { Database } from 'better-sqlite3';

/** Reads and writes `terms_consents` (migration 204): when each account agreed to the terms at sign-up. */
export interface TermsConsentStore {
  /** Records that `userId` agreed at `agreedAt` (ms); call inside the transaction that creates the account. */
  record(userId: string, agreedAt: number): void;
  /** When an account agreed (the form, or a third-party sign-up), or null for one made by the dev seed or as a sub-account. */
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
