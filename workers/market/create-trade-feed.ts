/**
 * Builds a {@link TradeFeed} over a real WebSocket and animation-frame clock. The market worker uses it, and so can the
 * main thread (the benchmark switch: `await import('…/workers/market/create-trade-feed')`), so "book merged in the
 * worker" and "book merged on the main thread" run identical code. It touches only globals that windows and workers
 * share (`WebSocket`, timers, `requestAnimationFrame`).
 */
import { frameClock } from '../../engine/market/frame-scheduler';
import type { TradeFeedMeta } from '../../engine/market/trade-feed-input';
import { TradeFeed } from '../../engine/market/trade-feed';
import type { TradeFeedTarget, TradeFeedView, TradeFrame } from '../../engine/market/trade-frame';
import { MarketSession, type SessionOptions, type SocketLike } from '../../engine/market/ws-session';
import { checkSocketUrl } from './socket-url';

/** What {@link createTradeFeed} needs: the screen's target, view and instrument facts, and where frames go. */
export interface TradeFeedSetup {
  target: TradeFeedTarget;
  view: TradeFeedView;
  meta: TradeFeedMeta;
  /** Receives each frame; a returned promise holds the next frame back until it settles. */
  emit(frame: TradeFrame): unknown;
  /** The stream to open (`ws:`/`wss:`); ignored when `session` is given. */
  socketUrl?: string;
  /** A session to share (one WebSocket per tab); else one is opened for this feed and closed with it. */
  session?: MarketSession;
  /** The frame clock; default `requestAnimationFrame` of the current scope, else a 16 ms timer. */
  requestFrame?: (callback: () => void) => unknown;
  /** Trades kept on the tape. */
  tradeRows?: number;
}

/** A running feed and its session; `close` also closes the session when the feed opened it. */
export interface CreatedTradeFeed {
  feed: TradeFeed;
  session: MarketSession;
  close(): void;
}

interface TimerScope {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  requestAnimationFrame?: (callback: () => void) => unknown;
}

const scope = globalThis as unknown as TimerScope;

/**
 * The trading screen's reconnect back-off ceiling: once the stream is back, a trader sees the market within 5 s
 * (with ±25 % jitter the longest wait is 3.75 s, then a snapshot).
 */
export const SCREEN_MAX_BACKOFF_MS = 3000;

/** Opens the shared market stream session at `url` over the scope's WebSocket (it connects on the first subscription). */
export function openMarketSession(url: string, options: SessionOptions = {}): MarketSession {
  const checked = checkSocketUrl(url);
  return new MarketSession(
    checked,
    {
      // The browser WebSocket has every member SocketLike names; its event types are only wider.
      connect: (to) => new WebSocket(to) as unknown as SocketLike,
      setTimeout: (callback, ms) => scope.setTimeout(callback, ms),
      clearTimeout: (handle) => scope.clearTimeout(handle),
      random: Math.random,
      now: () => Date.now(),
    },
    { maxBackoffMs: SCREEN_MAX_BACKOFF_MS, ...options },
  );
}

/** Creates a trading feed on a shared or new session; throws a TypeError naming the field on bad input. */
export function createTradeFeed(setup: TradeFeedSetup): CreatedTradeFeed {
  const isOwnSession = setup.session === undefined;
  if (isOwnSession && setup.socketUrl === undefined)
    throw new TypeError('createTradeFeed needs a socketUrl or a session');
  const session = setup.session ?? openMarketSession(setup.socketUrl as string);
  let feed: TradeFeed;
  try {
    feed = new TradeFeed(
      setup.target,
      setup.view,
      setup.meta,
      {
        stream: session,
        requestFrame: setup.requestFrame ?? frameClock(scope),
        emit: setup.emit,
        setTimeout: (callback, ms) => scope.setTimeout(callback, ms),
        clearTimeout: (handle) => scope.clearTimeout(handle),
        now: () => Date.now(),
      },
      { tradeRows: setup.tradeRows },
    );
  } catch (error) {
    if (isOwnSession) session.close();
    throw error;
  }
  return {
    feed,
    session,
    close() {
      feed.close();
      if (isOwnSession) session.close();
    },
  };
}
