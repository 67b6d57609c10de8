import { CHECKSUM_LEVELS } from '../market/book-checksum';
import { latestCandles } from '../market/candles';
import { type InstrumentSpec, instrumentKey } from '../market/instruments';
import type { MarketEvent } from '../market/market-types';
import type { MarketSimulator } from '../market/simulator';
import { type ChannelKind, resolveArg } from './stream-channels';
import { bookData, candleData, tickerData, tradeData } from './stream-payloads';
import { type SocketTicket, takeSubscriptionPlace } from './socket-admission';
import { ackText, argKey, type ChannelArg, errorText, pushText, readArg, STREAM_ERRORS } from './stream-protocol';

/** A connected client as the hub sees it: where to send, which subscription keys it holds, and its address's share. */
export interface StreamClient {
  /** Queues a text frame; a client that cannot keep up is closed by its connection, never buffered without bound. */
  send(text: string): void;
  readonly subscriptions: Set<string>;
  /** The address's subscriptions over all its sockets (`SocketTicket`): taken on subscribe, given back on unsubscribe. */
  readonly quota: Pick<SocketTicket, 'maxSubscriptions' | 'takeSubscription' | 'returnSubscription'>;
}

/** How the hub behaves. */
export interface StreamHubOptions {
  /** Most subscriptions one connection may hold. */
  maxSubscriptions: number;
  /** Shortest gap between two ticker pushes of one instrument (ms of market time). */
  tickerPushMs: number;
  /** Shortest gap between two candle updates of one channel within a period (ms of market time). */
  candlePushMs: number;
  /** Trades in the first `trade` push. */
  tradeSnapshotSize: number;
  /** Candles in the first candle push. */
  candleSnapshotSize: number;
  /** Push time (`ts` of every push). */
  now: () => number;
}

/** One subscribed channel of one instrument, shared by every client on it. */
interface Topic {
  arg: ChannelArg;
  argJson: string;
  spec: InstrumentSpec;
  kind: ChannelKind;
  clients: Set<StreamClient>;
  /** Market time of the last throttled push (ticker, candle). */
  lastPushMs: number;
  /** Candles: start of the newest period pushed so far. */
  periodStart: number | undefined;
}

/**
 * Routes simulator events to subscribed clients (market-data contract, WebSocket): validates and acknowledges
 * subscribe/unsubscribe args, sends each new subscription its first push (a fresh snapshot for `books`), then fans
 * out updates. Each push is serialised once per channel and shared; the simulator is only listened to while someone
 * is subscribed.
 */
export class StreamHub {
  private readonly topics = new Map<string, Topic>();
  private readonly byInstrument = new Map<string, Set<Topic>>();
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly simulator: MarketSimulator,
    private readonly options: StreamHubOptions,
  ) {}

  /** Applies a `subscribe` or `unsubscribe` op: one acknowledgement or one error event per arg, in order. */
  handle(client: StreamClient, op: 'subscribe' | 'unsubscribe', rawArgs: readonly unknown[]): void {
    for (const raw of rawArgs) {
      const arg = readArg(raw);
      if (!arg) {
        client.send(
          errorText({
            code: STREAM_ERRORS.paramError,
            msg: 'Param error: each arg needs string instType, channel and instId',
            op,
          }),
        );
        continue;
      }
      const resolved = resolveArg(this.simulator, arg, op);
      if (!resolved.ok) {
        client.send(errorText(resolved.error));
        continue;
      }
      if (op === 'subscribe') this.subscribe(client, arg, resolved.spec, resolved.kind);
      else this.unsubscribe(client, arg);
    }
  }

  /** Forgets a client that went away (its address's share is given back when its socket closes). */
  drop(client: StreamClient): void {
    for (const key of client.subscriptions) this.leave(client, key);
    client.subscriptions.clear();
  }

  /** Number of channels someone is subscribed to. */
  get topicCount(): number {
    return this.topics.size;
  }

  /** Stops listening to the simulator and forgets every subscription. */
  close(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    this.topics.clear();
    this.byInstrument.clear();
  }

  private subscribe(client: StreamClient, arg: ChannelArg, spec: InstrumentSpec, kind: ChannelKind): void {
    const key = argKey(arg);
    if (!client.subscriptions.has(key)) {
      const place = takeSubscriptionPlace(client.subscriptions.size, this.options.maxSubscriptions, client.quota);
      if (!place.ok) {
        client.send(errorText({ code: STREAM_ERRORS.tooManySubscriptions, msg: place.msg, arg, op: 'subscribe' }));
        return;
      }
    }
    let topic = this.topics.get(key);
    if (!topic) {
      topic = {
        arg,
        argJson: JSON.stringify(arg),
        spec,
        kind,
        clients: new Set(),
        lastPushMs: 0,
        periodStart: undefined,
      };
      this.topics.set(key, topic);
      const instrument = instrumentKey(spec.instType, spec.symbol);
      let set = this.byInstrument.get(instrument);
      if (!set) {
        set = new Set();
        this.byInstrument.set(instrument, set);
      }
      set.add(topic);
    }
    topic.clients.add(client);
    client.subscriptions.add(key);
    client.send(ackText('subscribe', arg));
    // Subscribing again to a channel already held re-sends its first push: that is how a client resyncs a book.
    client.send(this.firstPush(topic));
    this.stopListening ??= this.simulator.subscribe((event) => this.onEvent(event));
  }

  private unsubscribe(client: StreamClient, arg: ChannelArg): void {
    const key = argKey(arg);
    this.leave(client, key);
    if (client.subscriptions.delete(key)) client.quota.returnSubscription();
    client.send(ackText('unsubscribe', arg));
  }

  private leave(client: StreamClient, key: string): void {
    const topic = this.topics.get(key);
    if (!topic?.clients.delete(client) || topic.clients.size > 0) return;
    this.topics.delete(key);
    const instrument = instrumentKey(topic.spec.instType, topic.spec.symbol);
    const set = this.byInstrument.get(instrument);
    set?.delete(topic);
    if (set?.size === 0) this.byInstrument.delete(instrument);
    if (this.topics.size === 0) {
      this.stopListening?.();
      this.stopListening = undefined;
    }
  }

  /** The snapshot a new subscription starts with. */
  private firstPush(topic: Topic): string {
    const { spec, kind } = topic;
    const { instType, symbol } = spec;
    const now = this.options.now();
    switch (kind.type) {
      case 'books': {
        const book = this.simulator.getBook(instType, symbol, Number.POSITIVE_INFINITY)!;
        return pushText('snapshot', topic.argJson, bookData(book, book, book.seq, book.ts), now);
      }
      case 'depth': {
        const book = this.simulator.getBook(instType, symbol, kind.depth)!;
        return pushText('snapshot', topic.argJson, bookData(book, book, book.seq, book.ts), now);
      }
      case 'ticker':
        return pushText('snapshot', topic.argJson, tickerData(spec, this.simulator.getTicker(instType, symbol)!), now);
      case 'trade':
        return pushText(
          'snapshot',
          topic.argJson,
          tradeData(this.simulator.getTrades(instType, symbol, this.options.tradeSnapshotSize)!),
          now,
        );
      case 'candle': {
        const history = this.simulator.getCandleHistory(instType, symbol)!;
        const candles = latestCandles(history, kind.granularity, this.options.candleSnapshotSize);
        topic.periodStart ??= candles[candles.length - 1]?.start;
        return pushText('snapshot', topic.argJson, candleData(spec, candles), now);
      }
    }
  }

  private onEvent(event: MarketEvent): void {
    const topics = this.byInstrument.get(instrumentKey(event.instType, event.symbol));
    if (!topics) return;
    const now = this.options.now();
    // The full book's top is read once per event, and only when a `books` channel needs its checksum.
    let top: ReturnType<MarketSimulator['getBook']>;
    for (const topic of topics) {
      const text = this.pushFor(topic, event, now, () => {
        top ??= this.simulator.getBook(event.instType, event.symbol, CHECKSUM_LEVELS);
        return top!;
      });
      if (text === undefined) continue;
      for (const client of topic.clients) client.send(text);
    }
  }

  /** The push an event causes on a topic, or undefined when it causes none (other event type, or throttled). */
  private pushFor(
    topic: Topic,
    event: MarketEvent,
    now: number,
    bookTop: () => NonNullable<ReturnType<MarketSimulator['getBook']>>,
  ): string | undefined {
    const { kind, spec } = topic;
    if (event.type === 'book') {
      if (kind.type === 'books')
        return pushText('update', topic.argJson, bookData(event, bookTop(), event.seq, event.ts), now);
      if (kind.type === 'depth') {
        const book = this.simulator.getBook(spec.instType, spec.symbol, kind.depth)!;
        return pushText('snapshot', topic.argJson, bookData(book, book, book.seq, book.ts), now);
      }
      return undefined;
    }
    if (event.type === 'trades')
      return kind.type === 'trade' ? pushText('update', topic.argJson, tradeData(event.trades), now) : undefined;
    if (kind.type === 'ticker') {
      if (event.ts - topic.lastPushMs < this.options.tickerPushMs) return undefined;
      topic.lastPushMs = event.ts;
      return pushText('snapshot', topic.argJson, tickerData(spec, event.ticker), now);
    }
    if (kind.type === 'candle') {
      const history = this.simulator.getCandleHistory(spec.instType, spec.symbol)!;
      const [previous, newest] = latestCandles(history, kind.granularity, 2).slice(-2);
      const current = newest ?? previous;
      if (!current) return undefined;
      const rolledOver = current.start !== topic.periodStart;
      if (!rolledOver && event.ts - topic.lastPushMs < this.options.candlePushMs) return undefined;
      topic.lastPushMs = event.ts;
      topic.periodStart = current.start;
      // A new period also carries the final values of the one that just closed.
      const candles = rolledOver && newest && previous ? [previous, newest] : [current];
      return pushText('update', topic.argJson, candleData(spec, candles), now);
    }
    return undefined;
  }
}
