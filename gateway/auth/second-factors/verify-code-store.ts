import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { safeEqualText, sha256Hex } from '../safe-equal';

/** Where a code is delivered. */
export type CodeChannel = 'email' | 'mobile';
/** What a code is for; a code only ever works for its own scene and target. */
export type CodeScene = 'register' | 'login' | 'bind' | 'system' | 'security' | 'reset';
/** Every scene, for input validation. */
export const CODE_SCENES: readonly CodeScene[] = ['register', 'login', 'bind', 'system', 'security', 'reset'];

/** How long a code lives: 10 minutes. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses against one code before it is destroyed. */
export const CODE_MAX_FAILURES = 5;

/** Issues and checks single-use 6-digit codes; only their SHA-256 is stored. */
export interface VerifyCodeStore {
  /** Makes a new code for a target and scene (replacing any older one) and returns it for delivery. */
  issue(channel: CodeChannel, target: string, scene: CodeScene): string;
  /** Compares a code in constant time with the live one; returns its id when right, counts a failure when wrong. */
  check(channel: CodeChannel, target: string, scene: CodeScene, code: string): number | null;
  /** Uses a checked code up, so it cannot work twice. */
  consume(id: number): void;
}

interface CodeRow {
  id: number;
  code_hash: string;
  expires_at: number;
  failures: number;
}

/** Creates the store over the migrated `verify_codes` table, on an injected clock. */
export function createVerifyCodeStore(db: Database, now: () => number): VerifyCodeStore {
  const removeTarget = db.prepare('DELETE FROM verify_codes WHERE channel = ? AND target = ? AND scene = ?');
  const prune = db.prepare('DELETE FROM verify_codes WHERE expires_at <= ?');
  const insert = db.prepare(
    'INSERT INTO verify_codes (channel, target, scene, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const live = db.prepare(`SELECT id, code_hash, expires_at, failures FROM verify_codes
    WHERE channel = ? AND target = ? AND scene = ? ORDER BY id DESC LIMIT 1`);
  const fail = db.prepare('UPDATE verify_codes SET failures = failures + 1 WHERE id = ?');
  const remove = db.prepare('DELETE FROM verify_codes WHERE id = ?');
  const issue = db.transaction((channel: CodeChannel, target: string, scene: CodeScene, code: string) => {
    const at = now();
    prune.run(at);
    removeTarget.run(channel, target, scene);
    insert.run(channel, target, scene, sha256Hex(code), at, at + CODE_TTL_MS);
  });
  return {
    issue: (channel, target, scene) => {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      issue(channel, target, scene, code);
      return code;
    },
    check: (channel, target, scene, code) => {
      const row = live.get(channel, target, scene) as CodeRow | undefined;
      // A missing code still costs one hash and compare, like a present one.
      const matches = safeEqualText(sha256Hex(code), row?.code_hash ?? '');
      if (!row || now() >= row.expires_at || row.failures >= CODE_MAX_FAILURES) return null;
      if (matches) return row.id;
      if (row.failures + 1 >= CODE_MAX_FAILURES) remove.run(row.id);
      else fail.run(row.id);
      return null;
    },
    consume: (id) => {
      remove.run(id);
    },
  };
}
