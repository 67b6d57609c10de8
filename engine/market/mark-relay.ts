/**
 * The market worker's side of the mark channel (ARCHITECTURE: marks go from the market worker straight to the maths
 * worker): futures tickers of open feeds and watched symbols are gathered and handed to the maths worker's port as
 * paced by {@link MarkPacer}. The port, the sessions and the clock are injected.
 */
import { MarkCollector, type MarkFeedMessage } from './mark-feed';
import { MarkPacer } from './page-pacing';
import type { PacerClock } from './part-pacer';
import type { SessionRegistry } from './session-registry';
import type { ChannelArg, ChannelPush } from './ws-session';

/** One end of the MessageChannel whose other end the maths worker holds. */
export interface MarkPort {
  postMessage(message: MarkFeedMessage): void;
  close(): void;
}

/** What the mark watch subscribes on: a shared stream session. */
export interface MarkStream {
  subscribe(arg: ChannelArg, listener: (push: ChannelPush) => void): () => void;
  close(): void;
}

/** Gathers futures marks and index prices and posts them to the maths worker's port, paced (market-data contract, `ticker`). */
export class MarkRelay {
  private readonly marks = new MarkCollector();
  private readonly pacer: MarkPacer;
  private port: MarkPort | null = null;

  constructor(clock: PacerClock) {
    this.pacer = new MarkPacer(clock, () => {
      const message = this.marks.take();
      if (message && this.port) this.port.postMessage(message);
    });
  }

  /** Takes the port to post to; a different one replaces (and closes) the last. */
  attach(port: MarkPort): void {
    if (this.port && this.port !== port) this.port.close();
    this.port = port;
  }

  /** A `ticker` push of a feed or a watched symbol: its marks go with the next paced send. */
  readonly onTicker = (push: ChannelPush): void => {
    if (this.marks.add(push)) this.pacer.marksCame();
  };

  /** A ticker frame is going to a trading screen: waiting marks go with it (see {@link MarkPacer}). */
  pageTickerSent(): void {
    this.pacer.pageTickerSent();
  }
}

/**
 * Keeps the USDT-M tickers of a set of symbols subscribed on a shared session so their marks reach the relay,
 * whichever screen is open (the positions panel lists every open position, not only the screen's symbol).
 */
export class MarkWatch<S extends MarkStream> {
  private watched: { url: string; stops: Map<string, () => void>; session: S } | null = null;

  constructor(
    private readonly sessions: SessionRegistry<S>,
    private readonly relay: MarkRelay,
  ) {}

  /** Replaces the watched set with `symbols` (checked, distinct) on the stream at `url`; an empty list lets it go. */
  set(symbols: readonly string[], url: string): void {
    if (this.watched && (this.watched.url !== url || symbols.length === 0)) {
      for (const stop of this.watched.stops.values()) stop();
      this.sessions.release(this.watched.url);
      this.watched = null;
    }
    if (symbols.length === 0) return;
    // The watch holds one use of the session for as long as it has symbols.
    if (!this.watched) this.watched = { url, stops: new Map(), session: this.sessions.acquire(url) };
    const { session, stops } = this.watched;
    for (const [symbol, stop] of stops) {
      if (symbols.includes(symbol)) continue;
      stop();
      stops.delete(symbol);
    }
    for (const symbol of symbols) {
      if (stops.has(symbol)) continue;
      // A listener of its own: the ticker may also be a feed's, whose close must not stop this one.
      stops.set(
        symbol,
        session.subscribe({ instType: 'USDT-FUTURES', channel: 'ticker', instId: symbol }, (push) =>
          this.relay.onTicker(push),
        ),
      );
    }
  }
}
