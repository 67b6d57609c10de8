import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import { coinDisplayPlaces, coinPlaces } from './coin-places';
import { formatBalance } from '../money/money-units';
import { cancelledList, spotOrderView } from './order-views';
import { TIMES_IN_FORCE } from './order-store';
import type { SpotOrderInput } from './spot-trading';
import { SPOT_PRESET_FIELDS } from './spot-tpsl';
import { unknownSymbol } from './trade-errors';
import {
  priceUnits,
  querySymbol,
  queryLimit,
  readChoice,
  readClientOid,
  readDecimal,
  readOrderId,
  readSymbol,
  readTradeBody,
  sizeUnits,
} from './trade-input';
import { requireTrader } from './trade-session';
import type { PaperTrading } from './paper-trading';

/** Spot paper-trading routes of the paper-trading contract: assets, place-order, cancel-order, open and history orders. */
export function spotRoutes(trading: PaperTrading): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { ctx, spot } = trading;
  const places = coinPlaces(ctx.simulator.listInstruments('SPOT'));
  const shown = coinDisplayPlaces(ctx.simulator.listInstruments('SPOT'));
  const known = (symbol: string | undefined) => {
    if (symbol !== undefined) ctx.spec('SPOT', symbol);
    return symbol;
  };

  routes.get('/v1/trade/spot/assets', (c) => {
    const userId = requireTrader(c, ctx);
    const balances = ctx.accounts
      .balances(userId)
      .filter((b) => b.coin === 'USDT' || b.available !== 0n || b.frozen !== 0n);
    return replyOk(
      c,
      balances.map((b) => ({
        coin: b.coin,
        available: formatBalance(b.available, places.get(b.coin)),
        frozen: formatBalance(b.frozen, places.get(b.coin)),
        places: shown.get(b.coin) ?? 8,
      })),
    );
  });

  routes.post('/v1/trade/spot/place-order', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    const symbol = readSymbol(body.symbol);
    const side = readChoice(body, 'side', ['buy', 'sell'] as const);
    const orderType = readChoice(body, 'orderType', ['limit', 'market'] as const);
    const force = readChoice(body, 'force', TIMES_IN_FORCE, 'gtc');
    const priceText = readDecimal(body, 'price');
    const sizeText = readDecimal(body, 'size');
    const triggerText = readDecimal(body, 'triggerPrice');
    const tpText = readDecimal(body, SPOT_PRESET_FIELDS.tp);
    const slText = readDecimal(body, SPOT_PRESET_FIELDS.sl);
    const clientOid = readClientOid(body);
    if (sizeText === undefined) throw invalidField('size', 'is required');
    if (orderType === 'limit' && priceText === undefined) throw invalidField('price', 'is required for a limit order');
    if (orderType === 'market' && force === 'post_only') throw invalidField('force', 'post_only needs a limit order');
    const spec = ctx.simulator.getInstrument('SPOT', symbol);
    if (!spec) throw unknownSymbol(symbol);
    const price = (field: string, text: string | undefined) =>
      text === undefined ? null : priceUnits(spec, field, text);
    const input: SpotOrderInput = {
      symbol,
      side,
      orderType,
      force,
      price: orderType === 'limit' ? priceUnits(spec, 'price', priceText!) : null,
      size: sizeUnits(spec, 'size', sizeText),
      triggerPrice: price('triggerPrice', triggerText),
      presetTp: price(SPOT_PRESET_FIELDS.tp, tpText),
      presetSl: price(SPOT_PRESET_FIELDS.sl, slText),
      clientOid,
    };
    const order = ctx.db.transaction(() => {
      if (clientOid !== '' && ctx.orders.hasClientOid(userId, clientOid))
        throw invalidField('clientOid', 'is already used by another order');
      return spot.place(userId, input);
    })();
    return replyOk(c, spotOrderView(spec, order));
  });

  routes.post('/v1/trade/spot/cancel-order', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    const symbol = readSymbol(body.symbol);
    const orderId = readOrderId(body);
    const spec = ctx.spec('SPOT', symbol);
    const order = ctx.db.transaction(() => spot.cancel(userId, symbol, orderId))();
    return replyOk(c, spotOrderView(spec, order));
  });

  routes.post('/v1/trade/spot/cancel-all-orders', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    const symbol = readSymbol(body.symbol);
    ctx.spec('SPOT', symbol);
    const orders = ctx.db.transaction(() => spot.cancelAll(userId, symbol))();
    return replyOk(c, cancelledList(orders));
  });

  routes.get('/v1/trade/spot/open-orders', (c) => {
    const userId = requireTrader(c, ctx);
    const symbol = known(querySymbol(c));
    return replyOk(
      c,
      ctx.orders.openOf(userId, 'spot', symbol).map((o) => spotOrderView(ctx.spec('SPOT', o.symbol), o)),
    );
  });

  routes.get('/v1/trade/spot/history-orders', (c) => {
    const userId = requireTrader(c, ctx);
    const symbol = known(querySymbol(c));
    const limit = queryLimit(c);
    return replyOk(
      c,
      ctx.orders.historyOf(userId, 'spot', symbol, limit).map((o) => spotOrderView(ctx.spec('SPOT', o.symbol), o)),
    );
  });

  return routes;
}
