import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Referral } from './auth-fields';

/** The second factors a user may turn on; `system` is the new-device confirmation. */
export interface TwoFactorFlags {
  email: boolean;
  mobile: boolean;
  google: boolean;
  fido: boolean;
  system: boolean;
}

/** One account as the auth code reads it. */
export interface UserRecord {
  id: string;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  passwordHash: string;
  createdAt: number;
  nickName: string | null;
  twoFactor: TwoFactorFlags;
  totpSecret: string | null;
  totpLastStep: number;
  totpPendingSecret: string | null;
  totpPendingAt: number | null;
  referral: Referral;
  parentId: string | null;
  isDemo: boolean;
}

/** What registration (or the dev seed) provides for a new account. */
export interface NewUser {
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  passwordHash: string;
  createdAt: number;
  referral: Referral;
  twoFactor?: Partial<TwoFactorFlags>;
  totpSecret?: string | null;
  parentId?: string | null;
  isDemo?: boolean;
}

/** Reads and writes the `users` table; every query is a prepared statement. */
export interface UserStore {
  findById(id: string): UserRecord | undefined;
  findByEmail(email: string): UserRecord | undefined;
  findByMobile(areaCode: string, mobile: string): UserRecord | undefined;
  /** Inserts an account with a fresh random id; returns 'duplicate' when the email or mobile is taken. */
  insert(user: NewUser): UserRecord | 'duplicate';
  /** Remembers the newest authenticator step used, so its code cannot be replayed. */
  setTotpLastStep(id: string, step: number): void;
  /** Stores a secret awaiting confirmation (`null` clears it). */
  setTotpPending(id: string, secret: string | null, at: number | null): void;
  /** Makes the pending secret the active one and turns the authenticator factor on. */
  enableTotp(id: string, secret: string, step: number): void;
  /** Turns the authenticator factor off and forgets its secret. */
  disableTotp(id: string): void;
  /** Replaces the password hash (a password change). */
  setPasswordHash(id: string, passwordHash: string): void;
  /** Sets some second-factor flags (used by tests and the seed; a settings page would use it too). */
  setTwoFactor(id: string, flags: Partial<TwoFactorFlags>): void;
}

interface UserRow {
  id: string;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  password_hash: string;
  created_at: number;
  nick_name: string | null;
  email_2fa: number;
  mobile_2fa: number;
  google_2fa: number;
  fido_2fa: number;
  system_verify: number;
  totp_secret: string | null;
  totp_last_step: number;
  totp_pending_secret: string | null;
  totp_pending_at: number | null;
  register_vip_no: string | null;
  register_channel: string | null;
  clac_code: string | null;
  common_code: string | null;
  group_id: string | null;
  act_code: string | null;
  parent_id: string | null;
  is_demo: number;
}

const FLAG_COLUMNS: Record<keyof TwoFactorFlags, string> = {
  email: 'email_2fa',
  mobile: 'mobile_2fa',
  google: 'google_2fa',
  fido: 'fido_2fa',
  system: 'system_verify',
};

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    areaCode: row.area_code,
    mobile: row.mobile,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    nickName: row.nick_name,
    twoFactor: {
      email: row.email_2fa === 1,
      mobile: row.mobile_2fa === 1,
      google: row.google_2fa === 1,
      fido: row.fido_2fa === 1,
      system: row.system_verify === 1,
    },
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step,
    totpPendingSecret: row.totp_pending_secret,
    totpPendingAt: row.totp_pending_at,
    referral: {
      registerVipNo: row.register_vip_no,
      registerChannel: row.register_channel,
      clacCode: row.clac_code,
      commonCode: row.common_code,
      groupId: row.group_id,
      actCode: row.act_code,
    },
    parentId: row.parent_id,
    isDemo: row.is_demo === 1,
  };
}

/** Random 10-digit ids: not sequential, so ids do not reveal how many accounts exist. */
function newUserId(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

function isUniqueViolation(error: unknown): error is { code: string; message: string } {
  const code = (error as { code?: unknown })?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Creates the store over the migrated `users` table. */
export function createUserStore(db: Database): UserStore {
  const byId = db.prepare('SELECT * FROM users WHERE id = ?');
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
  const byMobile = db.prepare('SELECT * FROM users WHERE area_code = ? AND mobile = ?');
  const insert = db.prepare(`INSERT INTO users (id, email, area_code, mobile, password_hash, created_at,
      email_2fa, mobile_2fa, google_2fa, fido_2fa, system_verify, totp_secret,
      register_vip_no, register_channel, clac_code, common_code, group_id, act_code, parent_id, is_demo)
    VALUES (@id, @email, @areaCode, @mobile, @passwordHash, @createdAt, @email2fa, @mobile2fa, @google2fa, @fido2fa,
      @system, @totpSecret, @registerVipNo, @registerChannel, @clacCode, @commonCode, @groupId, @actCode, @parentId, @isDemo)`);
  const lastStep = db.prepare('UPDATE users SET totp_last_step = MAX(totp_last_step, ?) WHERE id = ?');
  const pending = db.prepare('UPDATE users SET totp_pending_secret = ?, totp_pending_at = ? WHERE id = ?');
  const enable = db.prepare(`UPDATE users SET totp_secret = ?, totp_last_step = ?, google_2fa = 1,
      totp_pending_secret = NULL, totp_pending_at = NULL WHERE id = ?`);
  const disable = db.prepare('UPDATE users SET totp_secret = NULL, totp_last_step = 0, google_2fa = 0 WHERE id = ?');
  const password = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  const find = (statement: { get(...args: unknown[]): unknown }, ...args: unknown[]) => {
    const row = statement.get(...args) as UserRow | undefined;
    return row ? toRecord(row) : undefined;
  };

  return {
    findById: (id) => find(byId, id),
    findByEmail: (email) => find(byEmail, email),
    findByMobile: (areaCode, mobile) => find(byMobile, areaCode, mobile),
    insert: (user) => {
      const flags = user.twoFactor ?? {};
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const id = newUserId();
        try {
          insert.run({
            id,
            email: user.email,
            areaCode: user.areaCode,
            mobile: user.mobile,
            passwordHash: user.passwordHash,
            createdAt: user.createdAt,
            email2fa: flags.email ? 1 : 0,
            mobile2fa: flags.mobile ? 1 : 0,
            google2fa: flags.google ? 1 : 0,
            fido2fa: flags.fido ? 1 : 0,
            system: flags.system ? 1 : 0,
            totpSecret: user.totpSecret ?? null,
            ...user.referral,
            parentId: user.parentId ?? null,
            isDemo: user.isDemo ? 1 : 0,
          });
          return find(byId, id)!;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // A clash on the random id is retried; a clash on email or mobile is the caller's answer.
          if (!error.message.includes('users.id')) return 'duplicate';
        }
      }
      throw new Error('Could not allocate a user id');
    },
    setTotpLastStep: (id, step) => {
      lastStep.run(step, id);
    },
    setTotpPending: (id, secret, at) => {
      pending.run(secret, at, id);
    },
    enableTotp: (id, secret, step) => {
      enable.run(secret, step, id);
    },
    disableTotp: (id) => {
      disable.run(id);
    },
    setPasswordHash: (id, passwordHash) => {
      password.run(passwordHash, id);
    },
    setTwoFactor: (id, flags) => {
      for (const [name, value] of Object.entries(flags) as [keyof TwoFactorFlags, boolean | undefined][]) {
        if (value === undefined) continue;
        // Column names come from the fixed FLAG_COLUMNS map, never from input.
        db.prepare(`UPDATE users SET ${FLAG_COLUMNS[name]} = ? WHERE id = ?`).run(value ? 1 : 0, id);
      }
    },
  };
}
