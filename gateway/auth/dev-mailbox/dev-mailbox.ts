import type { Database } from 'better-sqlite3';
import type { Logger } from '../../log/logger';
import { maskEmail, maskPhone } from '../mask';
import type { CodeChannel, CodeScene } from '../second-factors/verify-code-store';

/** One message to a user: a code (or a notice without one) for a target and scene. */
export interface CodeMessage {
  channel: CodeChannel;
  /** The email address, or `areaCode mobile`. */
  target: string;
  scene: CodeScene;
  code: string | null;
  text: string;
}

/** Delivers messages; local mode uses the dev mailbox, a real deployment would inject email and SMS senders. */
export interface CodeMailer {
  deliver(message: CodeMessage): void | Promise<void>;
}

/** A message as stored in the dev mailbox. */
export interface MailboxEntry extends CodeMessage {
  id: number;
  createdAt: number;
}

/** The dev mailbox: a SQLite table the developer reads at `/dev/mailbox`. */
export interface DevMailbox extends CodeMailer {
  /** Newest messages first, optionally only those to one target. */
  list(limit: number, target?: string): MailboxEntry[];
}

/** Most messages kept. */
const MAX_MESSAGES = 1000;

interface MailboxRow {
  id: number;
  channel: CodeChannel;
  target: string;
  scene: CodeScene;
  code: string | null;
  text: string;
  created_at: number;
}

/** Masks a delivery target for logs. */
export function maskTarget(channel: CodeChannel, target: string): string {
  if (channel === 'email') return maskEmail(target);
  const [areaCode, mobile] = target.split(' ');
  return maskPhone(areaCode ?? '', mobile ?? '');
}

/** Creates the dev mailbox; each delivery is stored and logged as a `mailbox` event with the target masked and the code. */
export function createDevMailbox(db: Database, logger: Logger, now: () => number): DevMailbox {
  const insert = db.prepare(
    'INSERT INTO dev_mailbox (channel, target, scene, code, text, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const prune = db.prepare(
    'DELETE FROM dev_mailbox WHERE id <= (SELECT id FROM dev_mailbox ORDER BY id DESC LIMIT 1 OFFSET ?)',
  );
  const all = db.prepare('SELECT * FROM dev_mailbox ORDER BY id DESC LIMIT ?');
  const byTarget = db.prepare('SELECT * FROM dev_mailbox WHERE target = ? ORDER BY id DESC LIMIT ?');
  return {
    deliver: (message) => {
      insert.run(message.channel, message.target, message.scene, message.code, message.text, now());
      prune.run(MAX_MESSAGES);
      // Local mode only: the code is in this log line on purpose, so a developer can sign in without the page.
      logger.info('mailbox', {
        channel: message.channel,
        target: maskTarget(message.channel, message.target),
        scene: message.scene,
        code: message.code,
      });
    },
    list: (limit, target) => {
      const rows = (target === undefined ? all.all(limit) : byTarget.all(target, limit)) as MailboxRow[];
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        target: row.target,
        scene: row.scene,
        code: row.code,
        text: row.text,
        createdAt: row.created_at,
      }));
    },
  };
}

/** A mailer for when no delivery is configured outside local mode: it logs that a message was dropped, never its code. */
export function createDroppingMailer(logger: Logger): CodeMailer {
  return {
    deliver: (message) => {
      logger.warn('no code delivery configured; message dropped', {
        channel: message.channel,
        target: maskTarget(message.channel, message.target),
        scene: message.scene,
      });
    },
  };
}
