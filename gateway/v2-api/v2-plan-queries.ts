import type { Statement } from 'better-sqlite3';
import type { Market, OrderRecord } from '../trading/order-store';
import type { TradingContext } from '../trading/trading-context';
import type { PlanState } from './v2-plan-views';

/** The filters of a v2 plan order list: one market, waiting or finished trigger orders, and the exchange's paging. */
export interface PlanPageQuery {
  market: Market;
  /** Trigger orders still waiting for their trigger (current / pending), or the others (history). */
  pending: boolean;
  symbol?: string;
  /** Futures: trailing orders only (true), none of them (false), or both (undefined). */
  trailing?: boolean;
  /** History only: one plan state. */
  state?: Exclude<PlanState, 'live'>;
  /** Inclusive bounds on the order's creation time (ms). */
  startTime?: number;
  endTime?: number;
  /** The exchange's cursor: orders placed before this order id of the same account. */
  idLessThan?: string;
  limit: number;
}

const OPEN = "status IN ('live', 'partially_filled')";
const WAITING = `plan_status = 'untriggered' AND ${OPEN}`;
const FAILED = "plan_status = 'triggered' AND status = 'cancelled' AND base_volume = '0' AND order_type = 'market'";
/** The SQL of each finished plan state, as `planStateOf` tells them apart. */
const STATE_SQL: Record<NonNullable<PlanPageQuery['state']>, string> = {
  cancelled: `plan_status = 'untriggered' AND NOT ${OPEN}`,
  failed: FAILED,
  executed: `plan_status = 'triggered' AND NOT (${FAILED})`,
};

/**
 * Reads a key owner's trigger (plan) orders as the v2 plan lists page them, newest placed first: every order with a
 * trigger price except the closing orders of spot TP/SL presets (the exchange lists those as spot TP/SL orders).
 */
export function createPlanQueries(ctx: TradingContext) {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = ctx.db.prepare(sql).pluck();
      statements.set(sql, statement);
    }
    return statement;
  };
  const seqOf = ctx.db.prepare('SELECT seq FROM trade_orders WHERE user_id = ? AND order_id = ?').pluck();
  return {
    /** One page of the account's plan orders; an unknown `idLessThan` answers an empty page. */
    page(userId: string, query: PlanPageQuery): OrderRecord[] {
      const params: Record<string, string | number> = { user: userId, market: query.market, take: query.limit };
      const where = [
        'user_id = @user',
        'market = @market',
        'trigger_price IS NOT NULL',
        'parent_order_id IS NULL',
        query.pending ? WAITING : `NOT (${WAITING})`,
      ];
      if (query.trailing !== undefined) where.push(`callback_bps IS ${query.trailing ? 'NOT ' : ''}NULL`);
      if (query.state !== undefined) where.push(STATE_SQL[query.state]);
      if (query.symbol !== undefined) {
        where.push('symbol = @symbol');
        params.symbol = query.symbol;
      }
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
      const sql = `SELECT order_id FROM trade_orders WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @take`;
      const ids = prepared(sql).all(params) as string[];
      return ids.flatMap((id) => ctx.orders.find(userId, query.market, id) ?? []);
    },
  };
}
