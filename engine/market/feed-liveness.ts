/**
 * The liveness rule of a trading screen's feed (market-data contract, WebSocket): how long a book may go unproven
 * before the screen says its data is stale, and what the screen says at each point of the stream's life.
 */
import type { FeedConnection } from './trade-frame';
import type { SessionState } from './ws-session';

/**
 * The simulator, like the public feed, moves a book many times a second: a book proven by no message for this long
 * is stale, and the screen says so (greyed panels, the banner) while the feed asks for a fresh snapshot and the
 * stream checks its socket.
 */
export const BOOK_STALE_MS = 3000;
/** How often the feed's liveness check looks at the book. */
export const LIVENESS_CHECK_MS = 500;
/**
 * Book updates that keep coming this long after a snapshot was asked for, with none arriving, mean that snapshot was
 * lost (a stream that stalled and came back): it is asked for again at once, not after {@link BOOK_STALE_MS}.
 */
export const SNAPSHOT_WAIT_MS = 1500;

/** What the feed knows of its book for {@link feedConnection}. */
export interface BookFreshness {
  /** A snapshot was proven since the socket (re)opened. */
  readonly isBookFresh: boolean;
  /** The book stopped moving while the socket looked open. */
  readonly isStale: boolean;
  /** The screen was live once. */
  readonly hasBeenLive: boolean;
}

/**
 * Where the screen stands: `live` only once a fresh book snapshot was proven on the open socket, `stale` while a book
 * shown stopped moving; before the fresh snapshot the screen still says it is (re)connecting.
 */
export function feedConnection(session: SessionState, book: BookFreshness): FeedConnection {
  switch (session) {
    case 'connecting':
      return 'connecting';
    case 'reconnecting':
      return 'reconnecting';
    case 'closed':
      return 'offline';
    case 'open':
      if (book.isStale) return 'stale';
      if (book.isBookFresh) return 'live';
      return book.hasBeenLive ? 'reconnecting' : 'connecting';
  }
}
