/**
 * The market worker's shared stream sessions (market-data contract, WebSocket: one socket per tab): one session per
 * stream URL, counted by its users and closed a while after the last one lets go, so switching symbols keeps the
 * socket. Opening a session and the timers are injected.
 */

/** Closes a session this long after its last user let go. */
export const SESSION_IDLE_MS = 15_000;

/** What the registry needs of a session. */
export interface ClosableSession {
  close(): void;
}

/** How the registry opens sessions and keeps time. */
export interface SessionRegistryDeps<S extends ClosableSession> {
  open(url: string): S;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface SharedSession<S> {
  session: S;
  users: number;
  idleTimer: unknown;
}

/** Shares one session per stream URL among its users (feeds and the mark watch), closing idle ones after {@link SESSION_IDLE_MS}. */
export class SessionRegistry<S extends ClosableSession> {
  private readonly sessions = new Map<string, SharedSession<S>>();

  constructor(private readonly deps: SessionRegistryDeps<S>) {}

  /** The session for `url`, opened on first use; each call is one use until {@link release}. */
  acquire(url: string): S {
    let shared = this.sessions.get(url);
    if (!shared) {
      shared = { session: this.deps.open(url), users: 0, idleTimer: null };
      this.sessions.set(url, shared);
    }
    if (shared.idleTimer !== null) this.deps.clearTimeout(shared.idleTimer);
    shared.idleTimer = null;
    shared.users += 1;
    return shared.session;
  }

  /** Ends one use of the session for `url`; the last one closes it after {@link SESSION_IDLE_MS}. */
  release(url: string): void {
    const shared = this.sessions.get(url);
    if (!shared) return;
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.idleTimer = this.deps.setTimeout(() => {
      if (shared.users > 0) return;
      shared.session.close();
      this.sessions.delete(url);
    }, SESSION_IDLE_MS);
  }
}
