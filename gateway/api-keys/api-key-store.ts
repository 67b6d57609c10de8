import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { ApiPermission } from './api-key-rules';
import { MAX_KEYS_PER_USER } from './api-key-rules';
import { openSecret, sealSecret } from './secret-box';

/** One key as its owner sees it: never the secret, never the passphrase. */
export interface ApiKeyView {
  apiKey: string;
  label: string;
  permissions: ApiPermission[];
  ips: string[];
  status: 'enabled' | 'disabled';
  createdAt: number;
  lastUsedAt: number | null;
}

/** One key as the request check reads it: the owner, the passphrase hash and the secret opened for the HMAC. */
export interface ApiKeyCredential {
  apiKey: string;
  userId: string;
  permissions: ApiPermission[];
  ips: string[];
  enabled: boolean;
  passphraseHash: string;
  /** The secret as the owner holds it (64 hex digits), or null when it no longer opens (the server key changed). */
  secret: string | null;
}

/** What a new key is made of; the id and the secret are made by the store. */
export interface NewApiKey {
  userId: string;
  label: string;
  permissions: ApiPermission[];
  ips: string[];
  passphraseHash: string;
}

/** A change to a key's label, permissions or allow-list (absent fields stay). */
export interface ApiKeyChange {
  label?: string;
  permissions?: ApiPermission[];
  ips?: string[];
}

/** Reads and writes the `api_keys` table; every change names the owner, so no account reaches another's keys. */
export interface ApiKeyStore {
  /** Creates a key with a fresh id and 32-byte secret (returned once, in hex), or 'limit' past MAX_KEYS_PER_USER. */
  create(key: NewApiKey, now: number): { view: ApiKeyView; secret: string } | 'limit';
  /** The user's keys, oldest first. */
  listOf(userId: string): ApiKeyView[];
  /** The user's key, or undefined when there is none with this id for this user. */
  findOwned(userId: string, apiKey: string): ApiKeyView | undefined;
  /** Applies a change to the user's key; false when the user has no such key. */
  update(userId: string, apiKey: string, change: ApiKeyChange, now: number): boolean;
  /** Turns the user's key on or off; false when the user has no such key. */
  setEnabled(userId: string, apiKey: string, enabled: boolean, now: number): boolean;
  /** Deletes the user's key; false when the user has no such key. */
  remove(userId: string, apiKey: string): boolean;
  /**
   * The key as the request check needs it, read afresh on every request so a delete or disable takes effect at once;
   * the key of a frozen or deleted sub-account reads as disabled.
   */
  credential(apiKey: string): ApiKeyCredential | undefined;
  /** Notes a use of the key, at most one write a second. */
  touch(apiKey: string, now: number): void;
}

interface KeyRow {
  api_key: string;
  user_id: string;
  label: string;
  permissions: string;
  ips: string;
  passphrase_hash: string;
  secret_nonce: Buffer;
  secret_sealed: Buffer;
  enabled: number;
  created_at: number;
  last_used_at: number | null;
}

const VIEW_COLUMNS = 'api_key, label, permissions, ips, enabled, created_at, last_used_at';

function toView(
  row: Pick<KeyRow, 'api_key' | 'label' | 'permissions' | 'ips' | 'enabled' | 'created_at' | 'last_used_at'>,
): ApiKeyView {
  return {
    apiKey: row.api_key,
    label: row.label,
    permissions: JSON.parse(row.permissions) as ApiPermission[],
    ips: JSON.parse(row.ips) as string[],
    status: row.enabled === 1 ? 'enabled' : 'disabled',
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** A fresh public key id: `bg_` and 16 random bytes in hex. */
export function newApiKeyId(): string {
  return `bg_${randomBytes(16).toString('hex')}`;
}

/** Builds the store over a database migrated with API_KEY_MIGRATIONS; secrets are sealed with `secretKey` (secret-box.ts). */
export function createApiKeyStore(db: Database, secretKey: Buffer): ApiKeyStore {
  const count = db.prepare('SELECT COUNT(*) FROM api_keys WHERE user_id = ?').pluck();
  const insert = db.prepare(`INSERT INTO api_keys
    (api_key, user_id, label, permissions, ips, passphrase_hash, secret_nonce, secret_sealed, enabled, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`);
  const list = db.prepare(`SELECT ${VIEW_COLUMNS} FROM api_keys WHERE user_id = ? ORDER BY created_at, api_key`);
  const owned = db.prepare(`SELECT ${VIEW_COLUMNS} FROM api_keys WHERE user_id = ? AND api_key = ?`);
  // A frozen or deleted sub-account's keys fail at once (issue 21 §4), whatever their own switch says.
  const full = db.prepare(`SELECT k.*, EXISTS (SELECT 1 FROM sub_account_status s WHERE s.user_id = k.user_id
      AND (s.frozen_at IS NOT NULL OR s.deleted_at IS NOT NULL)) AS owner_blocked
    FROM api_keys k WHERE k.api_key = ?`);
  const change = db.prepare(`UPDATE api_keys SET label = coalesce(?, label), permissions = coalesce(?, permissions),
    ips = coalesce(?, ips), updated_at = ? WHERE user_id = ? AND api_key = ?`);
  const enable = db.prepare('UPDATE api_keys SET enabled = ?, updated_at = ? WHERE user_id = ? AND api_key = ?');
  const remove = db.prepare('DELETE FROM api_keys WHERE user_id = ? AND api_key = ?');
  const touch = db.prepare(
    'UPDATE api_keys SET last_used_at = ? WHERE api_key = ? AND (last_used_at IS NULL OR last_used_at <= ? - 1000)',
  );
  const create = db.transaction((key: NewApiKey, now: number) => {
    if ((count.get(key.userId) as number) >= MAX_KEYS_PER_USER) return 'limit' as const;
    const apiKey = newApiKeyId();
    const secret = randomBytes(32);
    const { nonce, sealed } = sealSecret(secretKey, apiKey, key.userId, secret);
    const permissions = JSON.stringify(key.permissions);
    const ips = JSON.stringify(key.ips);
    insert.run(apiKey, key.userId, key.label, permissions, ips, key.passphraseHash, nonce, sealed, now, now);
    const view = toView({
      api_key: apiKey,
      label: key.label,
      permissions,
      ips,
      enabled: 1,
      created_at: now,
      last_used_at: null,
    });
    return { view, secret: secret.toString('hex') };
  });
  return {
    // Immediate: the count and the insert hold the write lock together, so the key script, another process, waits
    // for the gateway's writes instead of failing with "database is locked" when one lands between them.
    create: (key, now) => create.immediate(key, now),
    listOf: (userId) => (list.all(userId) as KeyRow[]).map(toView),
    findOwned: (userId, apiKey) => {
      const row = owned.get(userId, apiKey) as KeyRow | undefined;
      return row ? toView(row) : undefined;
    },
    update: (userId, apiKey, edit, now) =>
      change.run(
        edit.label ?? null,
        edit.permissions ? JSON.stringify(edit.permissions) : null,
        edit.ips ? JSON.stringify(edit.ips) : null,
        now,
        userId,
        apiKey,
      ).changes === 1,
    setEnabled: (userId, apiKey, enabled, now) => enable.run(enabled ? 1 : 0, now, userId, apiKey).changes === 1,
    remove: (userId, apiKey) => remove.run(userId, apiKey).changes === 1,
    credential: (apiKey) => {
      const row = full.get(apiKey) as (KeyRow & { owner_blocked: number }) | undefined;
      if (!row) return undefined;
      const secret = openSecret(secretKey, row.api_key, row.user_id, {
        nonce: row.secret_nonce,
        sealed: row.secret_sealed,
      });
      return {
        apiKey: row.api_key,
        userId: row.user_id,
        permissions: JSON.parse(row.permissions) as ApiPermission[],
        ips: JSON.parse(row.ips) as string[],
        enabled: row.enabled === 1 && row.owner_blocked === 0,
        passphraseHash: row.passphrase_hash,
        secret: secret === null ? null : secret.toString('hex'),
      };
    },
    touch: (apiKey, now) => {
      touch.run(now, apiKey, now);
    },
  };
}
