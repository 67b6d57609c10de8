/** What a change touched, as the long poll names it. */
export type ChangeTopic = 'orders' | 'positions' | 'assets';

/** Every topic, in the order the long poll lists them. */
export const ALL_TOPICS: readonly ChangeTopic[] = ['orders', 'positions', 'assets'];

/** The long poll's answer. */
export interface ChangesReply {
  cursor: number;
  topics: ChangeTopic[];
}

/**
 * Per-user change cursors for `GET /v1/trade/changes` (paper-trading contract, "Updates"): one counter for the
 * process, started from the clock so cursors of an earlier process read as stale (answered at once with every topic).
 */
export class TradeChanges {
  private cursor: number;
  private readonly base: number;
  private readonly latest = new Map<string, Map<ChangeTopic, number>>();
  private readonly waiters = new Map<string, Set<() => void>>();

  /** Starts the counter at `start` (ms since the epoch by default). */
  constructor(start = Date.now()) {
    this.base = start;
    this.cursor = start;
  }

  /** Records that `topics` of a user changed and wakes the user's waiting polls. */
  notify(userId: string, topics: readonly ChangeTopic[]): void {
    if (topics.length === 0) return;
    this.cursor += 1;
    let map = this.latest.get(userId);
    if (!map) {
      map = new Map();
      this.latest.set(userId, map);
    }
    for (const topic of topics) map.set(topic, this.cursor);
    const waiting = this.waiters.get(userId);
    if (!waiting) return;
    this.waiters.delete(userId);
    for (const wake of waiting) wake();
  }

  /** What changed for the user after `after`, or null when nothing did; a cursor of 0, of another process or from the future gets every topic. */
  since(userId: string, after: number): ChangesReply | null {
    if (after < this.base || after > this.cursor) return { cursor: this.cursor, topics: [...ALL_TOPICS] };
    const map = this.latest.get(userId);
    const topics = ALL_TOPICS.filter((topic) => (map?.get(topic) ?? 0) > after);
    return topics.length > 0 ? { cursor: this.cursor, topics } : null;
  }

  /** Answers at once when something changed after `after`, else waits up to `timeoutMs` (or until `signal` aborts) for a change. */
  async wait(userId: string, after: number, timeoutMs: number, signal?: AbortSignal): Promise<ChangesReply> {
    const ready = this.since(userId, after);
    if (ready) return ready;
    await new Promise<void>((resolve) => {
      let set = this.waiters.get(userId);
      if (!set) {
        set = new Set();
        this.waiters.set(userId, set);
      }
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        const current = this.waiters.get(userId);
        current?.delete(done);
        if (current?.size === 0) this.waiters.delete(userId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
    return this.since(userId, after) ?? { cursor: this.cursor, topics: [] };
  }

  /** Wakes every waiting poll (on shutdown). */
  wakeAll(): void {
    const all = [...this.waiters.values()].flatMap((set) => [...set]);
    this.waiters.clear();
    for (const wake of all) wake();
  }
}
