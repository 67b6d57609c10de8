import type { Statement } from 'better-sqlite3';
import { type FillRecord, OrderRecords } from '../asset/order-records';
import { coinPlaces } from '../trading/coin-places';
import type { FuturesFillRecord } from '../trading/futures-fill-store';
import type { Market, OrderRecord } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import type { PositionRecord } from '../trading/position-store';
import { createPositionHistory, type PositionHistoryRecord } from '../trading/position-history';
import { fillLiquidity } from '../trading/trade-fees';
import { futuresAlgoRow, type PresetMark, presetAlgoRow, spotAlgoRow } from './private-algo-views';
import { futuresFillRow, spotFillRow } from './private-fill-views';
import { type PrivateArg, PRIVATE_ERRORS } from './private-protocol';
import {
  futuresAccountRow,
  futuresOrderRow,
  positionHistoryRow,
  positionRows,
  spotAccountRow,
  spotOrderRow,
} from './private-views';

const FUTURES_PRODUCTS: Record<string, string> = { 'USDT-FUTURES': 'USDT', 'SUSDT-FUTURES': 'SUSDT' };

/** Fills read per page while catching up on the ledger (one page covers most changes: a market order's few levels). */
const FILL_PAGE = 20;
/** Closed positions read at most per change: more than a user can hold open at once (two per contract). */
const HISTORY_PAGE = 200;

/** What a subscription pushes, resolved from its arg. */
export type Feed =
  | { kind: 'orders'; market: Market; symbol?: string; marginCoin: string }
  | { kind: 'spot-account' }
  | { kind: 'futures-account'; marginCoin: string }
  | { kind: 'positions'; symbol?: string; marginCoin: string }
  /** Each fill as it happens (no snapshot on subscribe). */
  | { kind: 'fill'; market: Market; symbol?: string; marginCoin: string }
  /** Each change of a trigger order's plan: placed, triggered, cancelled (no snapshot on subscribe). */
  | { kind: 'orders-algo'; market: Market; symbol?: string; marginCoin: string }
  /** Each futures position as it closes (no snapshot on subscribe). */
  | { kind: 'positions-history'; marginCoin: string };

/** The kinds of feed that push events as they happen, never a snapshot on subscribe. */
export type EventFeed = Extract<Feed, { kind: 'fill' | 'orders-algo' | 'positions-history' }>;

/** True for a feed of events (`fill`, `orders-algo`, `positions-history`). */
export function isEventFeed(feed: Feed): feed is EventFeed {
  return feed.kind === 'fill' || feed.kind === 'orders-algo' || feed.kind === 'positions-history';
}

/** Reads the rows of each feed from paper trading. */
export class PrivateChannelReaders {
  private readonly spotPlaces: Map<string, number>;
  private readonly changedSince: Statement;
  private readonly lastTradeEntry: Statement;
  private readonly records: OrderRecords;
  private readonly history: ReturnType<typeof createPositionHistory>;

  constructor(private readonly trading: PaperTrading) {
    const { db } = trading.ctx;
    this.spotPlaces = coinPlaces(trading.ctx.simulator.listInstruments('SPOT'));
    this.changedSince = db
      .prepare('SELECT order_id FROM trade_orders WHERE user_id = ? AND market = ? AND u_time >= ? ORDER BY seq')
      .pluck();
    // On the (user_id, kind, seq) index: one lookup, however long the user's ledger.
    this.lastTradeEntry = db
      .prepare("SELECT coalesce(max(seq), 0) FROM ledger_entries WHERE user_id = ? AND kind = 'trade'")
      .pluck();
    this.records = new OrderRecords(trading.ctx);
    this.history = createPositionHistory(db);
  }

  /** The trading clock. */
  now(): number {
    return this.trading.ctx.now();
  }

  /**
   * An arg's feed, or the error to answer: 30016 for an unknown channel or instType, a missing instId where one is
   * required, or an instId `positions-history` does not take (only `default`); 30001 for an unknown instId.
   */
  feedOf(arg: PrivateArg): Feed | { code: number; msg: string } {
    const { simulator } = this.trading.ctx;
    const missing = {
      code: PRIVATE_ERRORS.notFound,
      msg: `instType:${arg.instType},channel:${arg.channel} doesn't exist`,
    };
    const instIdRequired = { code: PRIVATE_ERRORS.paramError, msg: 'Param error: instId is required' };
    const unknownInstId = {
      ...missing,
      msg: `instType:${arg.instType},channel:${arg.channel},instId:${arg.instId} doesn't exist`,
    };
    const symbolOf = (instType: 'SPOT' | 'USDT-FUTURES'): string | undefined | null => {
      if (arg.instId === undefined || arg.instId === 'default') return undefined;
      return simulator.getInstrument(instType, arg.instId) ? arg.instId : null;
    };
    const isSpot = arg.instType === 'SPOT';
    const marginCoin = isSpot ? '' : FUTURES_PRODUCTS[arg.instType];
    if (marginCoin !== undefined) {
      const market: Market = isSpot ? 'spot' : 'futures';
      const symbol = symbolOf(isSpot ? 'SPOT' : 'USDT-FUTURES');
      const channel = arg.channel;
      if (channel === 'orders' || (channel === 'positions' && !isSpot)) {
        if (arg.instId === undefined) return instIdRequired;
        if (symbol === null) return unknownInstId;
        return channel === 'orders'
          ? { kind: 'orders', market, symbol, marginCoin }
          : { kind: 'positions', symbol, marginCoin };
      }
      // The exchange takes these without an instId too: all of the user's symbols, as `default`.
      if (channel === 'fill' || channel === 'orders-algo') {
        if (symbol === null) return unknownInstId;
        return { kind: channel, market, symbol, marginCoin };
      }
      if (channel === 'positions-history' && !isSpot) {
        if (arg.instId === undefined) return instIdRequired;
        if (arg.instId !== 'default')
          return { code: PRIVATE_ERRORS.paramError, msg: 'Param error: positions-history takes instId default only' };
        return { kind: 'positions-history', marginCoin };
      }
      if (channel === 'account') {
        if (arg.coin !== 'default') return missing;
        return isSpot ? { kind: 'spot-account' } : { kind: 'futures-account', marginCoin };
      }
    }
    return {
      code: PRIVATE_ERRORS.paramError,
      msg: `Param error: no private channel ${arg.channel} for instType ${arg.instType}`,
    };
  }

  /** One order as the `orders` channel of its market shows it. */
  orderRow(order: OrderRecord, marginCoin: string): unknown {
    const { ctx } = this.trading;
    return order.market === 'spot'
      ? spotOrderRow(ctx.spec('SPOT', order.symbol), order)
      : futuresOrderRow(ctx.spec('USDT-FUTURES', order.symbol), order, marginCoin);
  }

  /** The user's open orders of a market, of one symbol when given. */
  openOrders(userId: string, market: Market, symbol: string | undefined): OrderRecord[] {
    return this.trading.ctx.orders.openOf(userId, market, symbol);
  }

  /** The user's orders of a market changed at or after `since` (trading clock), oldest placed first. */
  changedOrders(userId: string, market: Market, since: number): OrderRecord[] {
    const ids = this.changedSince.all(userId, market, since) as string[];
    return ids.flatMap((id) => this.trading.ctx.orders.find(userId, market, id) ?? []);
  }

  /** The spot `account` rows of every coin the user has a balance of. */
  spotAccount(userId: string): Array<ReturnType<typeof spotAccountRow>> {
    const now = this.now();
    return this.trading.ctx.accounts
      .balances(userId)
      .map((balance) => spotAccountRow(balance, this.spotPlaces.get(balance.coin), now));
  }

  /** The futures `account` row of one margin coin. */
  futuresAccount(userId: string, marginCoin: string) {
    return [futuresAccountRow(this.trading, userId, marginCoin)];
  }

  /** The `positions` rows of one margin coin, of one symbol when given. */
  positions(userId: string, marginCoin: string, symbol: string | undefined) {
    return positionRows(this.trading, userId, marginCoin, symbol);
  }

  /** The sequence number of the user's latest spot fill (ledger trade entry; 0 before any): fills after it are new. */
  lastFillSeq(userId: string): number {
    return this.lastTradeEntry.get(userId) as number;
  }

  /** The user's spot fills (ledger trade entries) after entry `after`, oldest first; one lookup when there is none. */
  spotFillsAfter(userId: string, after: number): FillRecord[] {
    if (this.lastFillSeq(userId) <= after) return [];
    const found: FillRecord[] = [];
    let before: number | undefined;
    for (;;) {
      const page = this.records.fills(userId, { before, limit: FILL_PAGE });
      for (const fill of page.rows) {
        if (fill.seq <= after) return found.reverse();
        found.push(fill);
      }
      if (page.next === null) return found.reverse();
      before = page.next;
    }
  }

  /** One spot fill as the `fill` channel shows it. */
  spotFillRow(userId: string, fill: FillRecord): unknown {
    const { ctx } = this.trading;
    const order = ctx.orders.find(userId, 'spot', fill.orderId);
    return spotFillRow(fill, order, fillLiquidity(ctx.db, fill.spec, order, fill));
  }

  /** The id of the user's latest USDT-M fill (0 before any): fills after it are new. */
  lastFuturesFillId(userId: string): number {
    return this.trading.ctx.futuresFills.lastId(userId);
  }

  /** The user's USDT-M fills after fill `after`, oldest first, at most a page. */
  futuresFillsAfter(userId: string, after: number): FuturesFillRecord[] {
    return this.trading.ctx.futuresFills.after(userId, after, HISTORY_PAGE);
  }

  /** One USDT-M fill as the `fill` channel shows it (nothing when its order is not the user's). */
  futuresFillRow(userId: string, fill: FuturesFillRecord, marginCoin: string): unknown {
    const { ctx } = this.trading;
    const order = ctx.orders.find(userId, 'futures', fill.orderId);
    if (!order) return undefined;
    const spec = ctx.spec('USDT-FUTURES', fill.symbol);
    return futuresFillRow(spec, order, fill, marginCoin, fill.liquidity ?? fillLiquidity(ctx.db, spec, order, fill));
  }

  /** The user's open USDT-M positions (of one symbol when given): the presets `orders-algo` follows are on them. */
  presetPositions(userId: string, symbol: string | undefined): PositionRecord[] {
    return this.trading.ctx.positions.ofUser(userId, symbol);
  }

  /** A position preset as the USDT-M `orders-algo` channel shows it, waiting or cancelled now. */
  presetRow(userId: string, preset: PresetMark, marginCoin: string, status: 'live' | 'cancelled'): unknown {
    const { ctx } = this.trading;
    const spec = ctx.spec('USDT-FUTURES', preset.position.symbol);
    const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
    return presetAlgoRow(spec, preset.position, preset.kind, { marginCoin, hedge, status, at: this.now() });
  }

  /** A trigger order as the `orders-algo` channel of its market shows it. */
  algoRow(order: OrderRecord, marginCoin: string): unknown {
    const { ctx } = this.trading;
    return order.market === 'spot'
      ? spotAlgoRow(ctx.spec('SPOT', order.symbol), order)
      : futuresAlgoRow(ctx.spec('USDT-FUTURES', order.symbol), order, marginCoin);
  }

  /** The sequence number of the user's latest closed position (0 before any): positions closed after it are new. */
  lastClosedSeq(userId: string): number {
    return Number(this.history.ofUser(userId, undefined, 1)[0]?.positionId ?? 0);
  }

  /** The user's positions closed after `after` (a history sequence number), oldest first; one row read when none. */
  closedAfter(userId: string, after: number): PositionHistoryRecord[] {
    if (this.lastClosedSeq(userId) <= after) return [];
    return this.history
      .ofUser(userId, undefined, HISTORY_PAGE)
      .filter((row) => Number(row.positionId) > after)
      .reverse();
  }

  /** One closed position as the `positions-history` channel shows it. */
  closedRow(userId: string, row: PositionHistoryRecord, marginCoin: string): unknown {
    const { ctx } = this.trading;
    return positionHistoryRow(
      ctx.spec('USDT-FUTURES', row.symbol),
      userId,
      row,
      marginCoin,
      ctx.accounts.posMode(userId),
    );
  }

  /** Creates the user's paper accounts on first use. */
  ensureAccount(userId: string): void {
    const { ctx } = this.trading;
    ctx.db.transaction(() => ctx.ensureAccount(userId))();
  }
}
