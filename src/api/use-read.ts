import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { isPageHidden, onPageVisibility } from '../platform/page-visibility';
import { readCookie } from '../platform/storage';
import { authState } from '../session/auth-state';
import { LOGIN_TOKEN_COOKIE } from '../session/login-token';
import { afterFailure, type ReadState } from './read-state';
import type { Reply } from './request';

/** A read of the page: a reply with its data and, when the service worker answered offline, the time it kept it. */
export type Read<T> = () => Promise<Reply<T>>;

/** A read whose data has no kept time (it comes from the network, or from nobody's cache): as a {@link Read}. */
export function fresh<T>(load: () => Promise<T>): Read<T> {
  return () => load().then((data) => ({ data, cachedAt: null }));
}

/** How long a read started ahead of the session check stays good for the page's first read. */
const EARLY_READ_MS = 10_000;

/** Reads started before the session check answered, by loader, each taken once (see {@link readEarly}). */
const early = new Map<Read<unknown>, { token: string; at: number; reply: Promise<Reply<unknown>> }>();

/**
 * Starts `load` now, before the session check has answered, when the browser holds a login token: inside the app
 * the check and each read are a bridge round trip, one after the other otherwise. The page's first read takes it
 * only while the same token is held (the same session, so the same user the check names) and within
 * {@link EARLY_READ_MS}; a signed-out answer leaves it unread.
 */
export function readEarly<T>(load: Read<T>): void {
  const token = readCookie(LOGIN_TOKEN_COOKIE);
  if (!token || early.has(load)) return;
  const reply = load();
  // Unread (signed out, or another session by then), its failure is nobody's.
  reply.catch(() => undefined);
  early.set(load, { token, at: Date.now(), reply });
}

function takeEarly<T>(load: Read<T>): Promise<Reply<T>> | null {
  const started = early.get(load);
  if (!started) return null;
  early.delete(load);
  const isFresh = Date.now() - started.at <= EARLY_READ_MS && started.token === readCookie(LOGIN_TOKEN_COOKIE);
  return isFresh ? (started.reply as Promise<Reply<T>>) : null;
}

export interface ReadOptions {
  /** What the read depends on (a coin, a filter, a language): a new key reads again at once, from `loading`. */
  key?: string;
  /** How often to read again while the page is visible; none by default. */
  refreshMs?: number;
  /**
   * Whether the read needs a session (default true): it waits for the session check, shows `signedOut` to a visitor
   * and reads again for another user. A public read (a schedule, a fund's figures) runs at once for anyone.
   */
  needsSession?: boolean;
}

export interface ReadHandle<T> {
  state: ReadState<T>;
  /**
   * Reads again now, keeping the data shown meanwhile (`refreshing`), else `loading`; settles once the read has,
   * with its data (null when it failed or was replaced).
   */
  refresh: () => Promise<T | null>;
  /** Shows data a change answered with (a renamed key, a new sub-account) without reading everything again. */
  update: (change: (data: T) => T) => void;
}

/**
 * The one way a page reads its data: at once (and again for a new key or another user), every `refreshMs` while the
 * page is seen and at once when it is shown again, when the browser comes back online (kept figures refresh by
 * themselves), and on `refresh()`. A
 * reply for an older key, user or read is dropped; a failed refresh keeps the figures on screen, marked as kept.
 */
export function useRead<T>(load: Read<T>, options: ReadOptions = {}): ReadHandle<T> {
  const { key = '', refreshMs, needsSession = true } = options;
  const { status: session, user } = useSnapshot(authState);
  const [state, setState] = useState<ReadState<T>>({ status: 'loading' });
  const generation = useRef(0);
  /** Reads under way: a timed read waits for them, so a read slower than the pace never piles up behind itself. */
  const inFlight = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const userId = user?.userId ?? null;
  const isReadable = !needsSession || (session === 'signedIn' && userId !== null);

  const read = useCallback((): Promise<T | null> => {
    const mine = ++generation.current;
    inFlight.current += 1;
    const settled = () => {
      inFlight.current -= 1;
    };
    return (takeEarly(loadRef.current) ?? loadRef.current()).then(
      (reply) => {
        settled();
        if (mine !== generation.current) return null;
        setState({
          status: 'ready',
          data: reply.data,
          keptAt: reply.cachedAt,
          refreshing: false,
          error: null,
          receivedAt: Date.now(),
        });
        return reply.data;
      },
      (error: unknown) => {
        settled();
        if (mine === generation.current) setState((previous) => afterFailure(previous, error));
        return null;
      },
    );
  }, []);

  const refresh = useCallback((): Promise<T | null> => {
    setState((previous) => (previous.status === 'ready' ? { ...previous, refreshing: true } : { status: 'loading' }));
    return read();
  }, [read]);

  // A new user or a new key (what `load` reads) starts from `loading` and reads at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `userId` name what `load` reads.
  useEffect(() => {
    if (!isReadable) return;
    setState({ status: 'loading' });
    void read();
    return () => {
      generation.current++;
    };
  }, [isReadable, userId, read, key]);

  // Later reads, whose pace may change (faster while a deposit confirms) without blanking what is shown: every
  // `refreshMs` while the page is seen, at once when it is shown again, and when the browser is back online.
  useEffect(() => {
    if (!isReadable) return;
    const again = () => void read();
    const tick = () => isPageHidden() || inFlight.current > 0 || again();
    const timer = refreshMs ? setInterval(tick, refreshMs) : undefined;
    const stopWatching = refreshMs ? onPageVisibility(tick) : undefined;
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      stopWatching?.();
      window.removeEventListener('online', again);
    };
  }, [isReadable, read, refreshMs]);

  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.status === 'ready' ? { ...previous, data: change(previous.data) } : previous));
  }, []);

  if (needsSession && session === 'anonymous') return { state: { status: 'signedOut' }, refresh, update };
  if (needsSession && session === 'unknown') return { state: { status: 'loading' }, refresh, update };
  return { state, refresh, update };
}
