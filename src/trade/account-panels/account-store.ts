import { errorText, type TradeApi } from '../trade-api';
import { isSignedOutError } from '../../api/failures';
import type {
  ChangeTopic,
  FuturesAccount,
  FuturesPositionRow,
  FuturesSettings,
  SpotAsset,
  TradeOrder,
} from '../trade-replies';

/** Which market and symbol the account data is for. */
export interface AccountTarget {
  market: 'spot' | 'futures';
  symbol: string;
}

export type Session = 'unknown' | 'signedOut' | 'signedIn';
export type SliceStatus = 'loading' | 'ready' | 'error';

/** One piece of account data: its last good value, and the error of the last fetch if it failed. */
export interface Slice<T> {
  status: SliceStatus;
  data: T;
  /** Localized text of the last failure; data may still hold the last good value. */
  error: string | null;
}

/** What the screens read; a new object whenever anything in it changed (for `useSyncExternalStore`). */
export interface AccountSnapshot {
  session: Session;
  target: AccountTarget | null;
  openOrders: Slice<readonly TradeOrder[]>;
  history: Slice<readonly TradeOrder[]>;
  positions: Slice<readonly FuturesPositionRow[]>;
  spotAssets: Slice<readonly SpotAsset[]>;
  futuresAccount: Slice<FuturesAccount | null>;
  settings: Slice<FuturesSettings | null>;
}

export type SliceName = 'openOrders' | 'history' | 'positions' | 'spotAssets' | 'futuresAccount' | 'settings';

/** Who is signed in, as the auth state knows it; a change of user restarts everything from cursor 0. */
export interface AuthSource {
  current(): { session: Session; userId: string | null };
  subscribe(listener: () => void): () => void;
}

/** Whether the page is hidden (the long poll pauses then). */
export interface VisibilitySource {
  isHidden(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface AccountStoreDeps {
  api: TradeApi;
  auth: AuthSource;
  visibility: VisibilitySource;
  /** Told when a call found the session gone (00005, 401, expired login), so the whole app signs out. */
  onSignedOut(): void;
  /** Back-off after failed polls: base × 2^(n−1), capped. */
  backoffMs?: { base: number; max: number };
}

/** Topics of the long poll and the slices each one refreshes, per market. */
const TOPIC_SLICES: Record<AccountTarget['market'], Record<ChangeTopic, readonly SliceName[]>> = {
  spot: { orders: ['openOrders', 'history'], positions: [], assets: ['spotAssets'] },
  futures: { orders: ['openOrders', 'history'], positions: ['positions'], assets: ['futuresAccount'] },
};
const ALL_TOPICS: readonly ChangeTopic[] = ['orders', 'positions', 'assets'];
/** An empty long-poll answer faster than this means the server did not wait: do not spin. */
const MIN_POLL_MS = 1000;

const loading = <T>(data: T): Slice<T> => ({ status: 'loading', data, error: null });
const ready = <T>(data: T): Slice<T> => ({ status: 'ready', data, error: null });

function emptySnapshot(session: Session, target: AccountTarget | null): AccountSnapshot {
  const make = session === 'signedIn' ? loading : ready;
  const futures = target?.market === 'futures';
  // Slices the market does not have are ready and empty: nothing to wait for.
  return {
    session,
    target,
    openOrders: make([] as readonly TradeOrder[]),
    history: make([] as readonly TradeOrder[]),
    positions: futures ? make([] as readonly FuturesPositionRow[]) : ready([]),
    spotAssets: futures ? ready([]) : make([] as readonly SpotAsset[]),
    futuresAccount: futures ? make(null) : ready(null),
    settings: futures ? make(null) : ready(null),
  };
}

/**
 * The signed-in user's orders, positions, balances and futures settings for one market, kept fresh by the
 * contract's long poll (`GET /v1/trade/changes`): one loop per store (one store per tab), paused while the page
 * is hidden, backing off on errors, stopped when nobody is signed in; it refetches only the topics named.
 */
export class AccountStore {
  private snapshot: AccountSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly watchers = new Map<string, { target: AccountTarget; count: number }>();
  /** Bumped whenever the user, the target or the session changes: answers of an older generation are dropped. */
  private generation = 0;
  private userId: string | null = null;
  private poll: AbortController | null = null;
  private wake: (() => void) | null = null;
  private readonly inflight = new Map<SliceName, { again: boolean }>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: AccountStoreDeps) {
    const auth = deps.auth.current();
    this.userId = auth.userId;
    this.snapshot = emptySnapshot(auth.session, null);
    this.unsubscribe.push(deps.auth.subscribe(() => this.onAuth()));
    this.unsubscribe.push(
      deps.visibility.subscribe(() => {
        // Hidden: let go of the held request. Visible: resume at once (the cursor catches up on what was missed).
        if (deps.visibility.isHidden()) this.poll?.abort();
        else this.wakeUp();
      }),
    );
  }

  readonly getSnapshot = (): AccountSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A screen wants the account data of `target`; returns the release. The latest target still watched wins. */
  watch(target: AccountTarget): () => void {
    const key = `${target.market}:${target.symbol}`;
    const entry = this.watchers.get(key) ?? { target, count: 0 };
    entry.count += 1;
    this.watchers.delete(key);
    this.watchers.set(key, entry);
    this.retarget();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.count -= 1;
      if (entry.count <= 0) this.watchers.delete(key);
      this.retarget();
    };
  }

  /** Fetches one slice again now (a retry button, or after an action the long poll has no topic for). */
  refresh(...names: SliceName[]): void {
    if (this.snapshot.session !== 'signedIn' || !this.snapshot.target) return;
    for (const name of names) {
      if (this.snapshot[name].status === 'error') this.setSlice(name, { ...this.snapshot[name], status: 'loading' });
      this.fetch(name, this.generation);
    }
  }

  /** Stops the loop and forgets the listeners (tests, hot reload). */
  dispose(): void {
    this.generation += 1;
    this.poll?.abort();
    this.wakeUp();
    for (const stop of this.unsubscribe.splice(0)) stop();
    this.listeners.clear();
  }

  private emit(next: AccountSnapshot): void {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }

  private setSlice<K extends SliceName>(name: K, slice: AccountSnapshot[K]): void {
    this.emit({ ...this.snapshot, [name]: slice });
  }

  private currentTarget(): AccountTarget | null {
    const entries = [...this.watchers.values()];
    return entries.at(-1)?.target ?? null;
  }

  private retarget(): void {
    const target = this.currentTarget();
    const old = this.snapshot.target;
    if (target?.market === old?.market && target?.symbol === old?.symbol) return;
    this.restart(this.snapshot.session, target);
  }

  private onAuth(): void {
    const { session, userId } = this.deps.auth.current();
    if (session === this.snapshot.session && userId === this.userId) return;
    this.userId = userId;
    this.restart(session, this.snapshot.target);
  }

  private restart(session: Session, target: AccountTarget | null): void {
    this.generation += 1;
    this.poll?.abort();
    this.wakeUp();
    this.inflight.clear();
    this.emit(emptySnapshot(session, target));
    if (session === 'signedIn' && target) {
      if (target.market === 'futures') this.fetch('settings', this.generation);
      void this.loop(this.generation);
    }
  }

  private isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  private signedOut(generation: number): void {
    if (!this.isCurrent(generation)) return;
    this.restart('signedOut', this.snapshot.target);
    this.deps.onSignedOut();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Waits `ms`, or until woken (visible again, stopped). */
  private pause(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === null ? undefined : setTimeout(() => this.wakeUp(), ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop(generation: number): Promise<void> {
    const { base, max } = this.deps.backoffMs ?? { base: 1000, max: 30_000 };
    let cursor = 0;
    let failures = 0;
    while (this.isCurrent(generation)) {
      if (this.deps.visibility.isHidden()) {
        await this.pause(null);
        continue;
      }
      const controller = new AbortController();
      this.poll = controller;
      const startedAt = Date.now();
      try {
        const reply = await this.deps.api.changes(cursor, controller.signal);
        if (!this.isCurrent(generation)) return;
        failures = 0;
        // A cursor that went back means the server forgot us (a restart): everything may have changed.
        const topics = reply.cursor < cursor ? ALL_TOPICS : reply.topics;
        cursor = reply.cursor;
        this.refreshTopics(topics, generation);
        if (topics.length === 0 && Date.now() - startedAt < MIN_POLL_MS) await this.pause(MIN_POLL_MS);
      } catch (error) {
        if (!this.isCurrent(generation)) return;
        if (controller.signal.aborted) continue;
        if (isSignedOutError(error)) return this.signedOut(generation);
        failures += 1;
        this.failWaiting(errorText(error));
        await this.pause(Math.min(max, base * 2 ** (failures - 1)));
      } finally {
        if (this.poll === controller) this.poll = null;
      }
    }
  }

  private refreshTopics(topics: readonly ChangeTopic[], generation: number): void {
    const target = this.snapshot.target;
    if (!target) return;
    for (const topic of topics) for (const name of TOPIC_SLICES[target.market][topic]) this.fetch(name, generation);
  }

  /** The poll failed before a slice ever loaded: show the failure there (with retry) rather than a spinner forever. */
  private failWaiting(message: string): void {
    for (const name of ['openOrders', 'history', 'positions', 'spotAssets', 'futuresAccount'] as const) {
      const slice = this.snapshot[name];
      if (slice.status === 'loading' && !this.inflight.has(name))
        this.setSlice(name, { ...slice, status: 'error', error: message });
    }
  }

  private read(name: SliceName, target: AccountTarget): Promise<unknown> {
    const { api } = this.deps;
    const spot = target.market === 'spot';
    switch (name) {
      case 'openOrders':
        return spot ? api.spotOpenOrders(target.symbol) : api.futuresOpenOrders(target.symbol);
      case 'history':
        return spot ? api.spotHistoryOrders(target.symbol) : api.futuresHistoryOrders(target.symbol);
      case 'positions':
        // All symbols: a trader watching one screen still sees, and can close, every open position.
        return api.positions();
      case 'spotAssets':
        return api.spotAssets();
      case 'futuresAccount':
        return api.futuresAccount();
      case 'settings':
        return api.futuresSettings(target.symbol);
    }
  }

  /** Fetches a slice; a fetch asked for while one runs is done once more after it, so the newest state wins. */
  private fetch(name: SliceName, generation: number): void {
    const running = this.inflight.get(name);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.inflight.set(name, state);
    void (async () => {
      do {
        state.again = false;
        const target = this.snapshot.target;
        if (!target || !this.isCurrent(generation)) break;
        try {
          const data = await this.read(name, target);
          if (!this.isCurrent(generation)) break;
          this.setSlice(name, ready(data) as AccountSnapshot[typeof name]);
        } catch (error) {
          if (!this.isCurrent(generation)) break;
          if (isSignedOutError(error)) {
            this.signedOut(generation);
            break;
          }
          this.setSlice(name, {
            ...this.snapshot[name],
            status: 'error',
            error: errorText(error),
          } as AccountSnapshot[typeof name]);
        }
      } while (state.again);
      if (this.inflight.get(name) === state) this.inflight.delete(name);
    })();
  }
}
