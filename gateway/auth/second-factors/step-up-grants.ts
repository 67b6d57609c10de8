import type { Database } from 'better-sqlite3';
import type { StepUpPurpose } from '../../../engine/rules/step-up';

/** The step-up grants of sessions: a fresh second factor proved for one purpose, used up by that change. */
export interface StepUpGrants {
  /** Records a grant for the session and purpose until `expiresAt`, replacing an older one. */
  grant(sessionId: string, purpose: StepUpPurpose, expiresAt: number): void;
  /** True when the session holds a live grant for the purpose; `consume` uses it up in the same step. */
  holds(sessionId: string, purpose: StepUpPurpose, options: { consume: boolean }): boolean;
}

/** Creates the grant store over the migrated `step_up_grants` table, on an injected clock. */
export function createStepUpGrants(ctx: { db: Database; now: () => number }): StepUpGrants {
  const put = ctx.db.prepare(`INSERT INTO step_up_grants (session_id, purpose, expires_at) VALUES (?, ?, ?)
    ON CONFLICT (session_id, purpose) DO UPDATE SET expires_at = excluded.expires_at`);
  const live = ctx.db.prepare('SELECT 1 FROM step_up_grants WHERE session_id = ? AND purpose = ? AND expires_at > ?');
  // DELETE … RETURNING makes "check and use up" one step, so two concurrent changes cannot share one grant.
  const take = ctx.db.prepare('DELETE FROM step_up_grants WHERE session_id = ? AND purpose = ? RETURNING expires_at');
  const prune = ctx.db.prepare('DELETE FROM step_up_grants WHERE expires_at <= ?');
  return {
    grant: (sessionId, purpose, expiresAt) => {
      prune.run(ctx.now());
      put.run(sessionId, purpose, expiresAt);
    },
    holds: (sessionId, purpose, { consume }) => {
      if (!consume) return live.get(sessionId, purpose, ctx.now()) !== undefined;
      const row = take.get(sessionId, purpose) as { expires_at: number } | undefined;
      return row !== undefined && row.expires_at > ctx.now();
    },
  };
}
