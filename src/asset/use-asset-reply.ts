import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Reply } from '../api/request';
import { RequestError } from '../api/request';
import { isPageHidden } from '../platform/page-visibility';
import { authState } from '../session/auth-state';
import { LOGIN_TOKEN_COOKIE } from '../session/login-token';
import { readCookie } from '../platform/storage';

/** How often an open asset page reads its figures again while visible (prices move the valuations). */
export const ASSET_REFRESH_MS = 15_000;

/** How long a read started ahead of the session check stays good for the page's first read. */
const EARLY_READ_MS = 10_000;

/** Reads started before the session check answered, by loader, each taken once (see {@link readEarly}). */
const early = new Map<() => Promise<Reply<unknown>>, { token: string; at: number; reply: Promise<Reply<unknown>> }>();

/**
 * Starts `load` now, before the session check has answered, when the browser holds a login token: inside the app
 * the check and each read are a bridge round trip, one after the other otherwise. The page's first read takes it
 * only while the same token is held (the same session, so the same user the check names) and within
 * {@link EARLY_READ_MS}; a signed-out answer leaves it unread.
 */
export function readEarly<T>(load: () => Promise<Reply<T>>): void {
  const token = readCookie(LOGIN_TOKEN_COOKIE);
  if (!token || early.has(load)) return;
  const reply = load();
  // Unread (signed out, or another session by then), its failure is nobody's.
  reply.catch(() => undefined);
  early.set(load, { token, at: Date.now(), reply });
}

function takeEarly<T>(load: () => Promise<Reply<T>>): Promise<Reply<T>> | null {
  const started = early.get(load);
  if (!started) return null;
  early.delete(load);
  const fresh = Date.now() - started.at <= EARLY_READ_MS && started.token === readCookie(LOGIN_TOKEN_COOKIE);
  return fresh ? (started.reply as Promise<Reply<T>>) : null;
}

/** One asset read as a page shows it. */
export type AssetView<T> =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | { status: 'error'; message: string; isOffline: boolean }
  /**
   * `cachedAt`: the figures are last-known ones (offline: the service worker's, or the page's own after a failed
   * refresh), from that time; null while they are fresh.
   */
  | { status: 'ready'; data: T; cachedAt: number | null; receivedAt: number };

/**
 * Reads `load` while signed in: at once, every {@link ASSET_REFRESH_MS} while the page is visible, when the browser
 * comes back online (kept figures refresh by themselves), and on `refresh()`. A failed refresh keeps the figures on
 * screen (marked as kept) rather than blanking the page.
 */
export function useAssetReply<T>(
  load: () => Promise<Reply<T>>,
  options: {
    /** What the read depends on (a coin, a network): a new key reads again at once, from a loading state. */
    key?: string;
    /** How often to read again while the page is visible (default {@link ASSET_REFRESH_MS}). */
    refreshMs?: number;
  } = {},
): { view: AssetView<T>; refresh: () => void } {
  const { key = '', refreshMs = ASSET_REFRESH_MS } = options;
  const { status: session, user } = useSnapshot(authState);
  const [view, setView] = useState<AssetView<T>>({ status: 'loading' });
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const userId = user?.userId ?? null;

  const refresh = useCallback(() => {
    const mine = ++generation.current;
    (takeEarly(loadRef.current) ?? loadRef.current()).then(
      (reply) => {
        if (mine === generation.current)
          setView({ status: 'ready', data: reply.data, cachedAt: reply.cachedAt, receivedAt: Date.now() });
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        if (error instanceof RequestError && error.kind === 'cancelled') return;
        const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;
        setView((previous) =>
          previous.status === 'ready'
            ? { ...previous, cachedAt: previous.cachedAt ?? previous.receivedAt }
            : { status: 'error', message: error instanceof Error ? error.message : '', isOffline },
        );
      },
    );
  }, []);

  // A new user or a new key (what `load` reads) starts from a loading state and reads at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads; a new one reads again.
  useEffect(() => {
    if (session !== 'signedIn' || userId === null) return;
    setView({ status: 'loading' });
    refresh();
    return () => {
      generation.current++;
    };
  }, [session, userId, refresh, key]);

  // The pace of later reads may change (faster while a deposit confirms) without blanking what is shown.
  useEffect(() => {
    if (session !== 'signedIn' || userId === null) return;
    const timer = setInterval(() => {
      if (!isPageHidden()) refresh();
    }, refreshMs);
    window.addEventListener('online', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', refresh);
    };
  }, [session, userId, refresh, refreshMs]);

  if (session === 'anonymous') return { view: { status: 'signedOut' }, refresh };
  if (session === 'unknown') return { view: { status: 'loading' }, refresh };
  return { view, refresh };
}
