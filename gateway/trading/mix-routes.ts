import { maxSizeAtLeverage } from '../market/margin-tiers';
import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import type { SymbolSettings } from './account-store';
import { type FuturesOrderInput, leverageOf } from './futures-trading';
import { formatMoney } from '../money/money-units';
import { cancelledList, futuresOrderView, positionView } from './order-views';
import { TIMES_IN_FORCE } from './order-store';
import {
  priceUnits,
  queryLimit,
  querySymbol,
  readChoice,
  readClientOid,
  readDecimal,
  readLeverage,
  readOrderId,
  readSymbol,
  readTradeBody,
  sizeUnits,
} from './trade-input';
import { requireTrader } from './trade-session';
import type { PaperTrading } from './paper-trading';

const INST = 'USDT-FUTURES' as const;
const MARGIN_MODES = ['isolated', 'crossed'] as const;
const HOLD_SIDES = ['long', 'short'] as const;

/**
 * A symbol's leverages as the settings replies give them: the exchange's three, and `leverage`, the current margin
 * mode's (the long side's when isolated), which readers of the one-leverage contract keep reading.
 */
function leverageFields(settings: SymbolSettings) {
  return {
    leverage: String(leverageOf(settings, 'long')),
    crossMarginLeverage: String(settings.crossLeverage),
    isolatedLongLever: String(settings.longLeverage),
    isolatedShortLever: String(settings.shortLeverage),
  };
}

/** `productType`, when sent, must be USDT-FUTURES (the only futures line simulated). */
function checkProductType(body: JsonObject): void {
  const value = body.productType;
  if (value !== undefined && (typeof value !== 'string' || value.toUpperCase() !== INST))
    throw invalidField('productType', 'must be USDT-FUTURES');
}

/** USDT-M paper-trading routes of the paper-trading contract: account, orders, positions, leverage and modes. */
export function mixRoutes(trading: PaperTrading): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { ctx, futures } = trading;
  const specOf = (symbol: string) => ctx.spec(INST, symbol);
  const view = (order: Parameters<typeof futuresOrderView>[1]) => futuresOrderView(specOf(order.symbol), order);
  const known = (symbol: string | undefined) => {
    if (symbol !== undefined) specOf(symbol);
    return symbol;
  };
  /** Runs a write in one transaction and reads the symbol's spec first (43001 for an unknown one). */
  const write = <T>(action: () => T): T => ctx.db.transaction(action)();

  routes.get('/v1/trade/mix/account', (c) => {
    const userId = requireTrader(c, ctx);
    const figures = futures.accountOf(userId);
    return replyOk(c, {
      marginCoin: 'USDT',
      available: formatMoney(figures.available),
      locked: formatMoney(figures.locked),
      equity: formatMoney(figures.wallet + figures.unrealized),
      unrealizedPL: formatMoney(figures.unrealized),
      crossedMaxAvailable: formatMoney(figures.available),
      posMode: figures.posMode,
      isDemo: ctx.isDemo(userId),
    });
  });

  routes.post('/v1/trade/mix/place-order', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const symbol = readSymbol(body.symbol);
    const marginMode = readChoice(body, 'marginMode', MARGIN_MODES);
    const side = readChoice(body, 'side', ['buy', 'sell'] as const);
    const tradeSide =
      body.tradeSide === undefined || body.tradeSide === ''
        ? null
        : readChoice(body, 'tradeSide', ['open', 'close'] as const);
    const orderType = readChoice(body, 'orderType', ['limit', 'market'] as const);
    const force = readChoice(body, 'force', TIMES_IN_FORCE, 'gtc');
    const reduceOnly = readChoice(body, 'reduceOnly', ['YES', 'NO'] as const, 'NO') === 'YES';
    const texts = {
      price: readDecimal(body, 'price'),
      size: readDecimal(body, 'size'),
      triggerPrice: readDecimal(body, 'triggerPrice'),
      presetStopSurplusPrice: readDecimal(body, 'presetStopSurplusPrice'),
      presetStopLossPrice: readDecimal(body, 'presetStopLossPrice'),
    };
    const clientOid = readClientOid(body);
    if (texts.size === undefined) throw invalidField('size', 'is required');
    if (orderType === 'limit' && texts.price === undefined)
      throw invalidField('price', 'is required for a limit order');
    if (orderType === 'market' && force === 'post_only') throw invalidField('force', 'post_only needs a limit order');
    const spec = specOf(symbol);
    const price = (field: keyof typeof texts) =>
      texts[field] === undefined ? null : priceUnits(spec, field, texts[field]!);
    const input: FuturesOrderInput = {
      symbol,
      marginMode,
      side,
      tradeSide,
      orderType,
      force,
      price: orderType === 'limit' ? price('price') : null,
      size: sizeUnits(spec, 'size', texts.size),
      reduceOnly,
      triggerPrice: price('triggerPrice'),
      presetTp: price('presetStopSurplusPrice'),
      presetSl: price('presetStopLossPrice'),
      clientOid,
    };
    const order = write(() => {
      if (clientOid !== '' && ctx.orders.hasClientOid(userId, clientOid))
        throw invalidField('clientOid', 'is already used by another order');
      return futures.place(userId, input);
    });
    return replyOk(c, view(order));
  });

  routes.post('/v1/trade/mix/cancel-order', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const symbol = readSymbol(body.symbol);
    const orderId = readOrderId(body);
    specOf(symbol);
    return replyOk(c, view(write(() => futures.cancel(userId, symbol, orderId))));
  });

  routes.post('/v1/trade/mix/cancel-all-orders', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const symbol = readSymbol(body.symbol);
    specOf(symbol);
    return replyOk(c, cancelledList(write(() => futures.cancelAll(userId, symbol))));
  });

  routes.post('/v1/trade/mix/close-position', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const symbol = readSymbol(body.symbol);
    const holdSide =
      body.holdSide === undefined || body.holdSide === '' ? null : readChoice(body, 'holdSide', HOLD_SIDES);
    specOf(symbol);
    return replyOk(c, write(() => futures.closePositions(userId, symbol, holdSide)).map(view));
  });

  routes.post('/v1/trade/mix/set-leverage', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const symbol = readSymbol(body.symbol);
    const leverage = readLeverage(body);
    // The side is checked even where it is ignored (cross margin), so a misspelt one never passes unnoticed.
    const holdSide =
      body.holdSide === undefined || body.holdSide === '' ? null : readChoice(body, 'holdSide', HOLD_SIDES);
    const settings = write(() => futures.setLeverage(userId, symbol, leverage, holdSide));
    return replyOk(c, { symbol, ...leverageFields(settings), marginMode: settings.marginMode });
  });

  routes.post('/v1/trade/mix/set-margin-mode', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const symbol = readSymbol(body.symbol);
    const marginMode = readChoice(body, 'marginMode', MARGIN_MODES);
    const settings = write(() => futures.setMarginMode(userId, symbol, marginMode));
    return replyOk(c, { symbol, ...leverageFields(settings), marginMode: settings.marginMode });
  });

  routes.post('/v1/trade/mix/set-position-mode', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const posMode = readChoice(body, 'posMode', ['one_way_mode', 'hedge_mode'] as const);
    return replyOk(c, { posMode: write(() => futures.setPosMode(userId, posMode)) });
  });

  routes.get('/v1/trade/mix/settings', (c) => {
    const userId = requireTrader(c, ctx);
    const symbol = querySymbol(c);
    if (symbol === undefined) throw invalidField('symbol', 'is required');
    const spec = specOf(symbol);
    const settings = futures.settingsOf(userId, symbol);
    return replyOk(c, {
      symbol,
      ...leverageFields(settings),
      marginMode: settings.marginMode,
      posMode: ctx.accounts.posMode(userId),
      maxLever: spec.maxLever ?? '1',
      // The largest position the margin tiers allow at this leverage (contract "Tier choice"), and at each side's.
      maxPositionSize: maxSizeAtLeverage(symbol, leverageOf(settings, 'long')),
      maxLongPositionSize: maxSizeAtLeverage(symbol, leverageOf(settings, 'long')),
      maxShortPositionSize: maxSizeAtLeverage(symbol, leverageOf(settings, 'short')),
    });
  });

  routes.get('/v1/trade/mix/open-orders', (c) => {
    const userId = requireTrader(c, ctx);
    return replyOk(c, ctx.orders.openOf(userId, 'futures', known(querySymbol(c))).map(view));
  });

  routes.get('/v1/trade/mix/history-orders', (c) => {
    const userId = requireTrader(c, ctx);
    const symbol = known(querySymbol(c));
    return replyOk(c, ctx.orders.historyOf(userId, 'futures', symbol, queryLimit(c)).map(view));
  });

  routes.get('/v1/trade/mix/positions', (c) => {
    const userId = requireTrader(c, ctx);
    const symbol = known(querySymbol(c));
    const ledger = futures.ledgerOf(userId);
    const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
    const positions = ledger.positions.filter((p) => symbol === undefined || p.symbol === symbol);
    return replyOk(
      c,
      positions.map((p) => positionView(p, ledger, hedge)),
    );
  });

  return routes;
}
