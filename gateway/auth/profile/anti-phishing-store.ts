import type { Database } from 'better-sqlite3';

/** 4–20 ASCII letters or digits: what an anti-phishing code may be (the table's CHECK says the same). */
export const ANTI_PHISHING_CODE = /^[A-Za-z0-9]{4,20}$/;

/** Whether `code` is a valid anti-phishing code. */
export function isAntiPhishingCode(code: unknown): code is string {
  return typeof code === 'string' && ANTI_PHISHING_CODE.test(code);
}

/** The anti-phishing code of one account (a main or a sub-account), or null when none is set. */
export function readAntiPhishingCode(db: Database, userId: string): string | null {
  const row = db.prepare('SELECT code FROM anti_phishing_codes WHERE user_id = ?').get(userId) as
    | { code: string }
    | undefined;
  return row?.code ?? null;
}

/** Sets (or with `null` removes) the anti-phishing code of one account; throws on a code that is not 4–20 letters or digits. */
export function writeAntiPhishingCode(db: Database, userId: string, code: string | null): void {
  if (code === null) {
    db.prepare('DELETE FROM anti_phishing_codes WHERE user_id = ?').run(userId);
    return;
  }
  if (!isAntiPhishingCode(code)) throw new RangeError('An anti-phishing code is 4 to 20 letters or digits');
  db.prepare(
    `INSERT INTO anti_phishing_codes (user_id, code, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET code = excluded.code, updated_at = excluded.updated_at`,
  ).run(userId, code, Date.now());
}
