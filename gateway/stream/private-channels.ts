import type { Statement } from 'better-sqlite3';
import { coinPlaces } from '../trading/coin-places';
import type { Market, OrderRecord } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import { type PrivateArg, PRIVATE_ERRORS } from './private-protocol';
import { futuresAccountRow, futuresOrderRow, positionRows, spotAccountRow, spotOrderRow } from './private-views';

const FUTURES_PRODUCTS: Record<string, string> = { 'USDT-FUTURES': 'USDT', 'SUSDT-FUTURES': 'SUSDT' };

/** What a subscription pushes, resolved from its arg. */
export type Feed =
  | { kind: 'orders'; market: Market; symbol?: string; marginCoin: string }
  | { kind: 'spot-account' }
  | { kind: 'futures-account'; marginCoin: string }
  | { kind: 'positions'; symbol?: string; marginCoin: string };

/** Reads the rows of each feed from paper trading. */
export class PrivateChannelReaders {
  private readonly spotPlaces: Map<string, number>;
  private readonly changedSince: Statement;

  constructor(private readonly trading: PaperTrading) {
    this.spotPlaces = coinPlaces(trading.ctx.simulator.listInstruments('SPOT'));
    this.changedSince = trading.ctx.db
      .prepare('SELECT order_id FROM trade_orders WHERE user_id = ? AND market = ? AND u_time >= ? ORDER BY seq')
      .pluck();
  }

  /** The trading clock. */
  now(): number {
    return this.trading.ctx.now();
  }

  /** An arg's feed, or the error to answer: 30016 for an unknown channel or instType, 30001 for an unknown instId. */
  feedOf(arg: PrivateArg): Feed | { code: number; msg: string } {
    const { simulator } = this.trading.ctx;
    const missing = {
      code: PRIVATE_ERRORS.notFound,
      msg: `instType:${arg.instType},channel:${arg.channel} doesn't exist`,
    };
    const symbolOf = (instType: 'SPOT' | 'USDT-FUTURES'): string | undefined | null => {
      if (arg.instId === undefined || arg.instId === 'default') return undefined;
      return simulator.getInstrument(instType, arg.instId) ? arg.instId : null;
    };
    if (arg.instType === 'SPOT') {
      if (arg.channel === 'orders') {
        if (arg.instId === undefined)
          return { code: PRIVATE_ERRORS.paramError, msg: 'Param error: instId is required' };
        const symbol = symbolOf('SPOT');
        if (symbol === null)
          return { ...missing, msg: `instType:SPOT,channel:orders,instId:${arg.instId} doesn't exist` };
        return { kind: 'orders', market: 'spot', symbol, marginCoin: '' };
      }
      if (arg.channel === 'account') return arg.coin === 'default' ? { kind: 'spot-account' } : missing;
    }
    const marginCoin = FUTURES_PRODUCTS[arg.instType];
    if (marginCoin !== undefined) {
      if (arg.channel === 'orders' || arg.channel === 'positions') {
        if (arg.instId === undefined)
          return { code: PRIVATE_ERRORS.paramError, msg: 'Param error: instId is required' };
        const symbol = symbolOf('USDT-FUTURES');
        if (symbol === null)
          return {
            ...missing,
            msg: `instType:${arg.instType},channel:${arg.channel},instId:${arg.instId} doesn't exist`,
          };
        return arg.channel === 'orders'
          ? { kind: 'orders', market: 'futures', symbol, marginCoin }
          : { kind: 'positions', symbol, marginCoin };
      }
      if (arg.channel === 'account') return arg.coin === 'default' ? { kind: 'futures-account', marginCoin } : missing;
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

  /** Creates the user's paper accounts on first use. */
  ensureAccount(userId: string): void {
    const { ctx } = this.trading;
    ctx.db.transaction(() => ctx.ensureAccount(userId))();
  }
}
