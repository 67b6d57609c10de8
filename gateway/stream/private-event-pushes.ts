import { isOpen, type Market, type OrderRecord } from '../trading/order-store';
import { firedPresetId, presetOrderId } from '../v2-api/v2-plan-views';
import { algoPrintOf, isPlanOrder, type PresetMark, presetPrintOf } from './private-algo-views';
import type { EventFeed, PrivateChannelReaders } from './private-channels';
import { pushText } from './stream-protocol';

/** Orders changed this long before the last scan are read again, so a change in the same millisecond is not missed. */
export const SCAN_SLACK_MS = 2000;

/** What a subscription last saw of one order: its plan's print, when it changed and whether it was open. */
export interface OrderMark {
  print: string;
  at: number;
  open: boolean;
}

/**
 * Where an event subscription is in its source: fills and closed positions follow a sequence (the ledger's for spot,
 * the kept fills' for USDT-M, the position history's); trigger orders follow the orders, each order's last seen plan
 * kept while it is open (so a later change is told from what was before the subscription) and for the scan slack after
 * it ended.
 */
export type EventCursor =
  | { source: 'ledger'; after: number }
  | { source: 'futures-fills'; after: number }
  | { source: 'history'; after: number }
  | { source: 'orders'; marks: Map<string, OrderMark>; scannedAt: number; presets?: Map<string, PresetMark> };

/** The user's waiting position presets (of one symbol when given), by the id the plan lists give them. */
function presetMarks(readers: PrivateChannelReaders, userId: string, symbol: string | undefined) {
  const marks = new Map<string, PresetMark>();
  for (const position of readers.presetPositions(userId, symbol)) {
    for (const kind of ['tp', 'sl'] as const) {
      if ((kind === 'tp' ? position.presetTp : position.presetSl) === null) continue;
      const id = presetOrderId(position.userId, position.symbol, position.holdSide, kind);
      marks.set(id, { print: presetPrintOf(position, kind), position, kind });
    }
  }
  return marks;
}

const markOf = (order: OrderRecord): OrderMark => ({
  print: isPlanOrder(order) ? algoPrintOf(order) : '',
  at: order.uTime,
  open: isOpen(order),
});

/**
 * Where a new event subscription starts: after everything that happened before it. Open orders and those changed
 * within the scan slack are marked as they are now, so only what changes from here on is pushed.
 */
export function startEvents(readers: PrivateChannelReaders, userId: string, feed: EventFeed): EventCursor {
  if (feed.kind === 'positions-history') return { source: 'history', after: readers.lastClosedSeq(userId) };
  if (feed.kind === 'fill' && feed.market === 'spot') return { source: 'ledger', after: readers.lastFillSeq(userId) };
  if (feed.kind === 'fill') return { source: 'futures-fills', after: readers.lastFuturesFillId(userId) };
  const now = readers.now();
  const marks = new Map<string, OrderMark>();
  const known = [
    ...readers.openOrders(userId, feed.market, undefined),
    ...readers.changedOrders(userId, feed.market, now - SCAN_SLACK_MS),
  ];
  for (const order of known) marks.set(order.orderId, markOf(order));
  const presets = feed.market === 'futures' ? presetMarks(readers, userId, feed.symbol) : undefined;
  return { source: 'orders', marks, scannedAt: now, presets };
}

/** The user's orders of a market changed since the last scan (of one symbol when given); forgets orders long ended. */
function scanOrders(
  readers: PrivateChannelReaders,
  userId: string,
  cursor: Extract<EventCursor, { source: 'orders' }>,
  market: Market,
  symbol: string | undefined,
): OrderRecord[] {
  const since = cursor.scannedAt - SCAN_SLACK_MS;
  cursor.scannedAt = readers.now();
  for (const [id, mark] of cursor.marks) if (!mark.open && mark.at < since) cursor.marks.delete(id);
  return readers
    .changedOrders(userId, market, since)
    .filter((order) => symbol === undefined || order.symbol === symbol);
}

/**
 * The rows an event feed has to push since its last read, its cursor moved past them: the new fills, the trigger
 * orders whose plan changed, the positions closed.
 */
export function eventRows(
  readers: PrivateChannelReaders,
  userId: string,
  feed: EventFeed,
  cursor: EventCursor,
): unknown[] {
  if (cursor.source === 'history') {
    const closed = readers.closedAfter(userId, cursor.after);
    if (closed.length > 0) cursor.after = Number(closed[closed.length - 1]!.positionId);
    return feed.kind === 'positions-history'
      ? closed.map((row) => readers.closedRow(userId, row, feed.marginCoin))
      : [];
  }
  if (cursor.source === 'ledger') {
    const fills = readers.spotFillsAfter(userId, cursor.after);
    if (fills.length > 0) cursor.after = fills[fills.length - 1]!.seq;
    const symbol = feed.kind === 'fill' ? feed.symbol : undefined;
    return fills
      .filter((fill) => symbol === undefined || fill.spec.symbol === symbol)
      .map((fill) => readers.spotFillRow(userId, fill));
  }
  if (cursor.source === 'futures-fills') {
    const fills = readers.futuresFillsAfter(userId, cursor.after);
    if (fills.length > 0) cursor.after = Number(fills[fills.length - 1]!.fillId);
    const symbol = feed.kind === 'fill' ? feed.symbol : undefined;
    return fills
      .filter((fill) => symbol === undefined || fill.symbol === symbol)
      .flatMap((fill) => readers.futuresFillRow(userId, fill, feed.marginCoin) ?? []);
  }
  if (feed.kind === 'positions-history') return [];
  const rows: unknown[] = [];
  const fired = new Set<string>();
  for (const order of scanOrders(readers, userId, cursor, feed.market, feed.symbol)) {
    const seen = cursor.marks.get(order.orderId);
    if (isPlanOrder(order) && seen?.print !== algoPrintOf(order)) rows.push(readers.algoRow(order, feed.marginCoin));
    if (order.presetPlan !== undefined) fired.add(firedPresetId(order));
    cursor.marks.set(order.orderId, markOf(order));
  }
  if (cursor.presets) {
    // A preset set or changed is pushed live; one gone without its close order (taken off, position closed) cancelled.
    const waiting = presetMarks(readers, userId, feed.symbol);
    for (const [id, mark] of waiting) {
      if (cursor.presets.get(id)?.print !== mark.print)
        rows.push(readers.presetRow(userId, mark, feed.marginCoin, 'live'));
    }
    for (const [id, mark] of cursor.presets) {
      if (!waiting.has(id) && !fired.has(id)) rows.push(readers.presetRow(userId, mark, feed.marginCoin, 'cancelled'));
    }
    cursor.presets = waiting;
  }
  return rows;
}

/**
 * An event feed's push of what happened since its last read, or undefined when nothing did. Each push is a
 * `snapshot` of its events, as the exchange sends these channels.
 */
export function eventPush(
  readers: PrivateChannelReaders,
  userId: string,
  argJson: string,
  feed: EventFeed,
  cursor: EventCursor,
): string | undefined {
  const rows = eventRows(readers, userId, feed, cursor);
  if (rows.length === 0) return undefined;
  return pushText('snapshot', argJson, JSON.stringify(rows), readers.now());
}
