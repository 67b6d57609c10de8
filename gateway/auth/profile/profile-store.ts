import type { Database } from 'better-sqlite3';

/** The picture types an avatar may have: what a canvas exports, sniffed from the bytes, never taken from the client. */
export type AvatarType = 'image/jpeg' | 'image/webp';

/** A stored profile picture. */
export interface Avatar {
  type: AvatarType;
  bytes: Buffer;
  updatedAt: number;
}

/** The settings-page state of an account beyond its `users` row. */
export interface ProfileExtras {
  avatarUpdatedAt: number | null;
  fundPasswordSet: boolean;
}

/** Reads and writes what the settings pages add to an account: picture, fund password, nickname and contacts. */
export interface ProfileStore {
  extrasOf(userId: string): ProfileExtras;
  avatarOf(userId: string): Avatar | null;
  setAvatar(userId: string, avatar: Avatar): void;
  fundPasswordHashOf(userId: string): string | null;
  setFundPasswordHash(userId: string, hash: string, at: number): void;
  setNickName(userId: string, nickName: string): void;
  /** Replaces the email; 'duplicate' when another account has it. */
  setEmail(userId: string, email: string): 'ok' | 'duplicate';
  /** Replaces the mobile number; 'duplicate' when another account has it. */
  setMobile(userId: string, areaCode: string, mobile: string): 'ok' | 'duplicate';
}

interface ProfileRow {
  avatar: Buffer | null;
  avatar_type: AvatarType | null;
  avatar_updated_at: number | null;
  fund_password_hash: string | null;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Creates the store over the migrated `users` and `user_profiles` tables (profile-migrations.ts). */
export function createProfileStore(db: Database): ProfileStore {
  const row = db.prepare('SELECT * FROM user_profiles WHERE user_id = ?');
  const ensure = db.prepare('INSERT INTO user_profiles (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING');
  const avatar = db.prepare(
    'UPDATE user_profiles SET avatar = ?, avatar_type = ?, avatar_updated_at = ? WHERE user_id = ?',
  );
  const fund = db.prepare(
    'UPDATE user_profiles SET fund_password_hash = ?, fund_password_updated_at = ? WHERE user_id = ?',
  );
  const nick = db.prepare('UPDATE users SET nick_name = ? WHERE id = ?');
  const email = db.prepare('UPDATE users SET email = ? WHERE id = ?');
  const mobile = db.prepare('UPDATE users SET area_code = ?, mobile = ? WHERE id = ?');
  const read = (userId: string) => row.get(userId) as ProfileRow | undefined;
  const unique = (change: () => void): 'ok' | 'duplicate' => {
    try {
      change();
      return 'ok';
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  };
  return {
    extrasOf: (userId) => {
      const found = read(userId);
      return { avatarUpdatedAt: found?.avatar_updated_at ?? null, fundPasswordSet: !!found?.fund_password_hash };
    },
    avatarOf: (userId) => {
      const found = read(userId);
      if (!found?.avatar || !found.avatar_type) return null;
      return { type: found.avatar_type, bytes: found.avatar, updatedAt: found.avatar_updated_at ?? 0 };
    },
    setAvatar: (userId, picture) => {
      db.transaction(() => {
        ensure.run(userId);
        avatar.run(picture.bytes, picture.type, picture.updatedAt, userId);
      })();
    },
    fundPasswordHashOf: (userId) => read(userId)?.fund_password_hash ?? null,
    setFundPasswordHash: (userId, hash, at) => {
      db.transaction(() => {
        ensure.run(userId);
        fund.run(hash, at, userId);
      })();
    },
    setNickName: (userId, nickName) => {
      nick.run(nickName, userId);
    },
    setEmail: (userId, address) => unique(() => email.run(address, userId)),
    setMobile: (userId, areaCode, number) => unique(() => mobile.run(areaCode, number, userId)),
  };
}
