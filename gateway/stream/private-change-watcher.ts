import type { Logger } from '../log/logger';
import type { PaperTrading } from '../trading/paper-trading';

/** How long one wait on the change feed lasts before it is renewed. */
const CHANGE_WAIT_MS = 60_000;

/** A logged-in socket of the user, which re-reads its subscriptions when the user's trading changed. */
export interface ChangeFollower {
  refresh(): void;
}

/**
 * Follows one user's change feed (`TradeChanges`) while any of the user's sockets is logged in, and asks each of them
 * to refresh on every change; the waits end when the last socket leaves.
 */
export class ChangeWatcher {
  private readonly followers = new Set<ChangeFollower>();
  private readonly abort = new AbortController();
  private cursor: number;
  private stopped = false;

  constructor(
    private readonly trading: PaperTrading,
    private readonly userId: string,
    private readonly logger: Logger,
    private readonly onIdle: () => void,
  ) {
    // A cursor past the feed's end answers the current cursor: changes from now on are the ones to follow.
    this.cursor = trading.changes.since(userId, Number.MAX_SAFE_INTEGER)?.cursor ?? 0;
    void this.run();
  }

  /** Adds a socket that logged in as the user. */
  add(follower: ChangeFollower): void {
    this.followers.add(follower);
  }

  /** Removes a socket that closed; with the last one gone the watcher stops and reports itself idle. */
  remove(follower: ChangeFollower): void {
    this.followers.delete(follower);
    if (this.followers.size === 0) {
      this.stop();
      this.onIdle();
    }
  }

  /** Ends the wait under way and every later one. */
  stop(): void {
    this.stopped = true;
    this.abort.abort();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const reply = await this.trading.changes.wait(this.userId, this.cursor, CHANGE_WAIT_MS, this.abort.signal);
      if (this.stopped) return;
      this.cursor = reply.cursor;
      if (reply.topics.length === 0) continue;
      for (const follower of [...this.followers]) {
        try {
          follower.refresh();
        } catch (error) {
          this.logger.error('private stream refresh failed', {
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
  }
}
