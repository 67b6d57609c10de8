import type { Statement } from 'better-sqlite3';
import type { Market, OrderRecord } from '../trading/order-store';
import type { TradingContext } from '../trading/trading-context';

/** The filters of a v2 order list: one market, open or finished orders, and the exchange's paging. */
export interface OrderPageQuery {
  market: Market;
  /** Open orders (unfilled-orders, orders-pending), finished ones (history), or both (undefined). */
  open?: boolean;
  symbol?: string;
  /** Only orders with something filled (the futures fills list). */
  filledOnly?: boolean;
  /** Inclusive bounds on the order's creation time (ms). */
  startTime?: number;
  endTime?: number;
  /** The exchange's cursor: orders placed before this order id of the same account (its `endId` of the last page). */
  idLessThan?: string;
  limit: number;
  /** More conditions on the order table, as fixed SQL of the caller's own (never request text): the plan lists'. */
  where?: readonly string[];
}

/** Reads a key owner's orders as the v2 lists page them, and finds an order by its clientOid. */
export interface V2OrderQueries {
  /** One page of the account's orders, newest placed first; an unknown `idLessThan` answers an empty page. */
  page(userId: string, query: OrderPageQuery): OrderRecord[];
  /** The account's order of a market with this clientOid, or undefined (another account's reads as absent). */
  byClientOid(userId: string, market: Market, clientOid: string): OrderRecord | undefined;
}

const OPEN = "status IN ('live', 'partially_filled')";

/** Builds the v2 order queries over the trading database (the order store's table; read only). */
export function createV2OrderQueries(ctx: TradingContext): V2OrderQueries {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = ctx.db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const seqOf = ctx.db.prepare('SELECT seq FROM trade_orders WHERE user_id = ? AND order_id = ?').pluck();
  const byClientOid = ctx.db
    .prepare('SELECT order_id FROM trade_orders WHERE user_id = ? AND market = ? AND client_oid = ?')
    .pluck();
  return {
    page: (userId, query) => {
      const params: Record<string, string | number> = { user: userId, market: query.market, take: query.limit };
      const where = ['user_id = @user', 'market = @market', ...(query.where ?? [])];
      if (query.open !== undefined) where.push(query.open ? OPEN : `NOT ${OPEN}`);
      if (query.symbol !== undefined) {
        where.push('symbol = @symbol');
        params.symbol = query.symbol;
      }
      if (query.filledOnly) where.push("base_volume <> '0'");
      if (query.startTime !== undefined) {
        where.push('c_time >= @from');
        params.from = query.startTime;
      }
      if (query.endTime !== undefined) {
        where.push('c_time <= @to');
        params.to = query.endTime;
      }
      if (query.idLessThan !== undefined) {
        const before = seqOf.get(userId, query.idLessThan) as number | undefined;
        if (before === undefined) return [];
        where.push('seq < @before');
        params.before = before;
      }
      const ids = prepared(
        `SELECT order_id FROM trade_orders WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @take`,
      )
        .pluck()
        .all(params) as string[];
      return ids.flatMap((id) => ctx.orders.find(userId, query.market, id) ?? []);
    },
    byClientOid: (userId, market, clientOid) => {
      const id = byClientOid.get(userId, market, clientOid) as string | undefined;
      return id === undefined ? undefined : ctx.orders.find(userId, market, id);
    },
  };
}
