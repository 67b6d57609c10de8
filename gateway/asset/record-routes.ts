import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { averagePrice, formatMoney, MONEY_PLACES, pow10 } from '../money/money-units';
import { futuresOrderView, spotOrderView } from '../trading/order-views';
import type { PaperTrading } from '../trading/paper-trading';
import { requireTrader } from '../trading/trade-session';
import { type FillRecord, OrderRecords } from './order-records';
import { readFillQuery, readOrderQuery } from './record-input';

/**
 * A fill as the contract sends it: `price` is value ÷ size at the pair's price places; the fee in the coin it was paid
 * in (a buy's base coin to the money places, else the quote coin at its precision).
 */
export function fillView(fill: FillRecord) {
  const { spec } = fill;
  return {
    id: String(fill.seq),
    orderId: fill.orderId,
    symbol: spec.symbol,
    side: fill.side,
    price: averagePrice(spec, fill.value, fill.size / pow10(MONEY_PLACES - spec.volumePlace), spec.pricePlace),
    size: formatMoney(fill.size, spec.volumePlace),
    value: formatMoney(fill.value, spec.quotePrecision),
    fee: formatMoney(fill.fee, fill.feeCoin === spec.quoteCoin ? spec.quotePrecision : MONEY_PLACES),
    feeCoin: fill.feeCoin,
    time: String(fill.at),
  };
}

/** The order and fill records of every symbol (assets contract, "Order and fill records"); the user's own only. */
export function recordRoutes(trading: PaperTrading): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { ctx } = trading;
  const records = new OrderRecords(ctx);

  routes.get('/v1/asset/orders', (c) => {
    const userId = requireTrader(c, ctx);
    const page = records.orders(userId, readOrderQuery(c));
    const rows = page.rows.flatMap((order) => {
      const spec = ctx.simulator.getInstrument(order.market === 'spot' ? 'SPOT' : 'USDT-FUTURES', order.symbol);
      if (!spec) return [];
      const view = order.market === 'spot' ? spotOrderView(spec, order) : futuresOrderView(spec, order);
      return [{ ...view, market: order.market }];
    });
    return replyOk(c, { rows, next: page.next === null ? null : String(page.next) });
  });

  routes.get('/v1/asset/fills', (c) => {
    const userId = requireTrader(c, ctx);
    const page = records.fills(userId, readFillQuery(c));
    return replyOk(c, { rows: page.rows.map(fillView), next: page.next === null ? null : String(page.next) });
  });

  return routes;
}
