import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { OrderSide } from '../market/matching';
import type { Market, OrderStatus } from '../trading/order-store';
import { queryLimit, querySymbol } from '../trading/trade-input';
import { queryValue, queryWhole } from './asset-input';
import type { FillQuery, OrderQuery } from './order-records';

const MARKETS: readonly Market[] = ['spot', 'futures'];
/** The paper-trading contract's order statuses. */
const STATUSES: readonly OrderStatus[] = ['live', 'partially_filled', 'filled', 'cancelled'];
const SIDES: readonly OrderSide[] = ['buy', 'sell'];

/** An optional query value that must be one of `allowed` (40002 naming the field otherwise). */
function queryChoice<T extends string>(c: Context<GatewayEnv>, field: string, allowed: readonly T[]): T | undefined {
  const value = queryValue(c, field);
  if (value !== undefined && !(allowed as readonly string[]).includes(value))
    throw invalidField(field, `must be one of ${allowed.join(', ')}`);
  return value as T | undefined;
}

/** The time range and page every record query takes. */
function readRange(c: Context<GatewayEnv>): { from?: number; to?: number; before?: number; limit: number } {
  const from = queryWhole(c, 'from', 'a time in ms since the epoch');
  const to = queryWhole(c, 'to', 'a time in ms since the epoch');
  if (from !== undefined && to !== undefined && to < from) throw invalidField('to', 'must not be before from');
  return { from, to, before: queryWhole(c, 'cursor', 'the next cursor of a previous page'), limit: queryLimit(c) };
}

/** The filters and page of `GET /v1/asset/orders`. */
export function readOrderQuery(c: Context<GatewayEnv>): OrderQuery {
  return {
    market: queryChoice(c, 'market', MARKETS),
    symbol: querySymbol(c),
    status: queryChoice(c, 'status', STATUSES),
    ...readRange(c),
  };
}

/** The filters and page of `GET /v1/asset/fills`. */
export function readFillQuery(c: Context<GatewayEnv>): FillQuery {
  return { symbol: querySymbol(c), side: queryChoice(c, 'side', SIDES), ...readRange(c) };
}
