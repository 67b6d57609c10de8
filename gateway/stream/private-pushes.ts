import type { OrderRecord } from '../trading/order-store';
import { type Feed, isEventFeed, type PrivateChannelReaders } from './private-channels';
import { type EventCursor, eventPush, SCAN_SLACK_MS, startEvents } from './private-event-pushes';
import { pushText } from './stream-protocol';

/** One subscription of a connection and what it last pushed, so an update carries only what changed. */
export interface PrivateSubscription {
  argJson: string;
  feed: Feed;
  /** Orders: order id → fingerprint and update time; spot account: coin → its row. */
  seen: Map<string, { print: string; at: number }>;
  /** Positions and futures account: the data last pushed. */
  last: string;
  /** Orders: when the last scan ran (trading clock). */
  scannedAt: number;
  /** Event feeds (`fill`, `orders-algo`, `positions-history`): where the next read starts. */
  events?: EventCursor;
}

/** A new subscription of `feed`; an event feed starts after everything that happened before it. */
export function openSubscription(
  readers: PrivateChannelReaders,
  userId: string,
  argJson: string,
  feed: Feed,
): PrivateSubscription {
  const subscription: PrivateSubscription = { argJson, feed, seen: new Map(), last: '', scannedAt: readers.now() };
  if (isEventFeed(feed)) subscription.events = startEvents(readers, userId, feed);
  return subscription;
}

/** What identifies an order's state: a change to any of these is pushed. */
const orderPrint = (order: OrderRecord) =>
  `${order.status}|${order.baseVolume}|${order.quoteVolume}|${order.fee}|${order.price}|${order.size}|${order.uTime}`;

/** A spot coin is shown while it holds something, and once more when it drops to nothing. */
const holds = (row: { available: string; frozen: string }) =>
  !/^[0.]+$/.test(row.available) || !/^[0.]+$/.test(row.frozen);

/**
 * A subscription's snapshot, or its changes since the last push as an update (undefined when nothing changed), and
 * what it pushed remembered in the subscription. An event feed has no snapshot: it pushes what happens after it began.
 */
export function subscriptionPush(
  readers: PrivateChannelReaders,
  userId: string,
  subscription: PrivateSubscription,
  action: 'snapshot' | 'update',
): string | undefined {
  const { feed } = subscription;
  if (isEventFeed(feed)) {
    if (action === 'snapshot' || !subscription.events) return undefined;
    return eventPush(readers, userId, subscription.argJson, feed, subscription.events);
  }
  let rows: unknown[];
  if (feed.kind === 'orders') {
    const now = readers.now();
    let orders: OrderRecord[];
    if (action === 'snapshot') {
      orders = readers.openOrders(userId, feed.market, feed.symbol);
    } else {
      const since = subscription.scannedAt - SCAN_SLACK_MS;
      orders = readers
        .changedOrders(userId, feed.market, since)
        .filter((order) => feed.symbol === undefined || order.symbol === feed.symbol)
        .filter((order) => subscription.seen.get(order.orderId)?.print !== orderPrint(order));
      for (const [id, entry] of subscription.seen) if (entry.at < since) subscription.seen.delete(id);
    }
    subscription.scannedAt = now;
    for (const order of orders) subscription.seen.set(order.orderId, { print: orderPrint(order), at: order.uTime });
    rows = orders.map((order) => readers.orderRow(order, feed.marginCoin));
  } else if (feed.kind === 'spot-account') {
    const all = readers.spotAccount(userId);
    const print = (row: (typeof all)[number]) => `${row.available}|${row.frozen}`;
    const changed =
      action === 'snapshot'
        ? all.filter(holds)
        : all.filter(
            (row) =>
              subscription.seen.get(row.coin)?.print !== print(row) && (holds(row) || subscription.seen.has(row.coin)),
          );
    for (const row of changed) {
      if (holds(row)) subscription.seen.set(row.coin, { print: print(row), at: 0 });
      else subscription.seen.delete(row.coin);
    }
    rows = changed;
  } else {
    rows =
      feed.kind === 'positions'
        ? readers.positions(userId, feed.marginCoin, feed.symbol)
        : readers.futuresAccount(userId, feed.marginCoin);
    const data = JSON.stringify(rows);
    if (action === 'update' && data === subscription.last) return undefined;
    subscription.last = data;
    // Positions go out whole each time (the exchange's `snapshot`), so a closed position leaves the client's list.
    return pushText(feed.kind === 'positions' ? 'snapshot' : action, subscription.argJson, data, readers.now());
  }
  if (action === 'update' && rows.length === 0) return undefined;
  return pushText(action, subscription.argJson, JSON.stringify(rows), readers.now());
}
