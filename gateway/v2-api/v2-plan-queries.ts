import type { Market, OrderRecord } from '../trading/order-store';
import type { TradingContext } from '../trading/trading-context';
import { createV2OrderQueries } from './v2-order-queries';
import type { PlanState } from './v2-plan-views';

/** The filters of a v2 plan order list: one market, waiting or finished trigger orders, and the exchange's paging. */
export interface PlanPageQuery {
  market: Market;
  /** Trigger orders still waiting for their trigger (current / pending), or the others (history). */
  pending: boolean;
  symbol?: string;
  /**
   * Futures: which list (the exchange's `planType`): trigger orders neither trailing nor a reached position preset,
   * trailing orders, or the positions' TP/SL (trailing closes and reached presets); every plan order when left out.
   */
  list?: 'normal_plan' | 'track_plan' | 'profit_loss';
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

/** The SQL of each futures plan list. */
const LIST_SQL: Record<NonNullable<PlanPageQuery['list']>, string> = {
  normal_plan: 'callback_bps IS NULL AND preset_plan IS NULL',
  track_plan: 'callback_bps IS NOT NULL',
  profit_loss: '(callback_bps IS NOT NULL OR preset_plan IS NOT NULL)',
};

/**
 * Reads a key owner's trigger (plan) orders as the v2 plan lists page them, newest placed first: every order with a
 * trigger price except the closing orders of spot TP/SL presets (the exchange lists those as spot TP/SL orders). A
 * plan list is the order list's page with the plan's conditions.
 */
export function createPlanQueries(ctx: TradingContext) {
  const orders = createV2OrderQueries(ctx);
  return {
    /** One page of the account's plan orders; an unknown `idLessThan` answers an empty page. */
    page(userId: string, query: PlanPageQuery): OrderRecord[] {
      const where = [
        'trigger_price IS NOT NULL',
        'parent_order_id IS NULL',
        query.pending ? WAITING : `NOT (${WAITING})`,
      ];
      if (query.list !== undefined) where.push(LIST_SQL[query.list]);
      if (query.state !== undefined) where.push(STATE_SQL[query.state]);
      const { market, symbol, startTime, endTime, idLessThan, limit } = query;
      return orders.page(userId, { market, symbol, startTime, endTime, idLessThan, limit, where });
    },
  };
}
