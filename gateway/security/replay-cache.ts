import type { Logger } from '../log/logger';

/** How long a `(keyId, traceId)` pair stays remembered (contract §4). */
export const REPLAY_WINDOW_MS = 200_000;
/** Most pairs kept; past it the oldest go first (about 100 bytes each, so ~10 MB). */
export const MAX_REPLAY_ENTRIES = 100_000;

/** An in-memory, bounded memory of recently seen request ids (contract §4: a pair seen within 200 s is a replay). */
export class ReplayCache {
  /** Insertion order is time order, so the oldest entry is always first. */
  readonly #seenAt = new Map<string, number>();
  #warned = false;

  /** Creates a cache keeping entries for `windowMs`, at most `maxEntries` of them. */
  constructor(
    readonly windowMs = REPLAY_WINDOW_MS,
    readonly maxEntries = MAX_REPLAY_ENTRIES,
    private readonly logger?: Logger,
  ) {}

  /** True when `id` was recorded less than the window ago. */
  has(id: string, nowMs: number): boolean {
    const seenAt = this.#seenAt.get(id);
    return seenAt !== undefined && nowMs - seenAt < this.windowMs;
  }

  /** Records `id` as seen at `nowMs`, dropping expired entries and, past the cap, the oldest ones. */
  add(id: string, nowMs: number): void {
    this.#seenAt.delete(id);
    this.#seenAt.set(id, nowMs);
    for (const [oldId, seenAt] of this.#seenAt) {
      if (nowMs - seenAt < this.windowMs && this.#seenAt.size <= this.maxEntries) break;
      if (nowMs - seenAt < this.windowMs && !this.#warned) {
        // Dropping a live entry reopens a replay for it; say so once rather than fail every request.
        this.#warned = true;
        this.logger?.warn('replay cache full: dropping live entries', { maxEntries: this.maxEntries });
      }
      this.#seenAt.delete(oldId);
    }
  }

  /** How many ids are remembered. */
  get size(): number {
    return this.#seenAt.size;
  }
}
