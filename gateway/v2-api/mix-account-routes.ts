import { Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { PaperTrading } from '../trading/paper-trading';
import { readLeverage } from '../trading/trade-input';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv } from './api-key-env';
import { v2TradingAccess } from './v2-trade-request';
import { mixAccountView, mixPositionViews } from './mix-account-views';
import { asV2 } from './v2-trade-errors';
import { checkMarginCoin, choiceOf, instrumentOf, productOf, queryOf, readV2Body, textOf } from './v2-trade-input';

/** The v2 private USDT-M account and position paths (the exchange's "Futures > Account" and "> Position"). */
export const MIX_ACCOUNT_PATHS = {
  accounts: '/api/v2/mix/account/accounts',
  account: '/api/v2/mix/account/account',
  setLeverage: '/api/v2/mix/account/set-leverage',
  setMarginMode: '/api/v2/mix/account/set-margin-mode',
  setPositionMode: '/api/v2/mix/account/set-position-mode',
  allPosition: '/api/v2/mix/position/all-position',
  singlePosition: '/api/v2/mix/position/single-position',
} as const;

const INST = 'USDT-FUTURES' as const;
/**
 * The v2 private USDT-M account and position routes over paper trading, behind the API key check `auth`, on the key
 * owner's account only: the futures account (`accounts`, `account`), leverage, margin mode and position mode changes
 * (permission `futures_trade`, through the session API's engine), and the open positions (`all-position`,
 * `single-position`) in the exchange's shape, their figures from the session API's position view.
 */
export function mixAccountRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx, futures } = trading;
  const { write, userOf } = v2TradingAccess(ctx);

  const settingsReply = (userId: string, symbol: string, marginCoin: string) => {
    const settings = futures.settingsOf(userId, symbol);
    return {
      symbol,
      marginCoin,
      longLeverage: String(settings.longLeverage),
      shortLeverage: String(settings.shortLeverage),
      marginMode: settings.marginMode,
    };
  };

  const read = [auth, requirePermission('read')] as const;
  const trade = [auth, requirePermission('futures_trade')] as const;

  routes.get(MIX_ACCOUNT_PATHS.accounts, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'), true);
    return replyMarketOk(c, product ? [mixAccountView(trading, userId, product.marginCoin)] : []);
  });

  routes.get(MIX_ACCOUNT_PATHS.account, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'));
    checkMarginCoin(queryOf(c, 'marginCoin'));
    const spec = instrumentOf(ctx.simulator, INST, queryOf(c, 'symbol'));
    const settings = futures.settingsOf(userId, spec.symbol);
    return replyMarketOk(c, {
      ...mixAccountView(trading, userId, product.marginCoin),
      crossedMarginLeverage: settings.crossLeverage,
      isolatedLongLever: settings.longLeverage,
      isolatedShortLever: settings.shortLeverage,
      marginMode: settings.marginMode,
      posMode: ctx.accounts.posMode(userId),
    });
  });

  routes.post(MIX_ACCOUNT_PATHS.setLeverage, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const product = productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    // A side is read wherever it is sent (a wrong one is 40020) and applies in isolated margin only, as the exchange's.
    const holdSide =
      textOf(body.holdSide, 'holdSide') === undefined
        ? null
        : choiceOf(body.holdSide, 'holdSide', ['long', 'short'] as const);
    const leverage = asV2('mix', () => readLeverage(body));
    const settings = write(() => asV2('mix', () => futures.setLeverage(userId, spec.symbol, leverage, holdSide)));
    const reply = settingsReply(userId, spec.symbol, product.marginCoin);
    return replyMarketOk(c, { ...reply, crossMarginLeverage: String(settings.crossLeverage) });
  });

  routes.post(MIX_ACCOUNT_PATHS.setMarginMode, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const product = productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const mode = choiceOf(body.marginMode, 'marginMode', ['isolated', 'crossed', 'cross'] as const);
    write(() => asV2('mix', () => futures.setMarginMode(userId, spec.symbol, mode === 'cross' ? 'crossed' : mode)));
    return replyMarketOk(c, settingsReply(userId, spec.symbol, product.marginCoin));
  });

  routes.post(MIX_ACCOUNT_PATHS.setPositionMode, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    const posMode = choiceOf(body.posMode, 'posMode', ['one_way_mode', 'hedge_mode'] as const);
    return replyMarketOk(c, { posMode: write(() => asV2('mix', () => futures.setPosMode(userId, posMode))) });
  });

  routes.get(MIX_ACCOUNT_PATHS.allPosition, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'), true);
    if (!product) return replyMarketOk(c, []);
    checkMarginCoin(queryOf(c, 'marginCoin'));
    return replyMarketOk(c, mixPositionViews(trading, userId, product.marginCoin));
  });

  routes.get(MIX_ACCOUNT_PATHS.singlePosition, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'));
    checkMarginCoin(queryOf(c, 'marginCoin'));
    const spec = instrumentOf(ctx.simulator, INST, queryOf(c, 'symbol'));
    return replyMarketOk(c, mixPositionViews(trading, userId, product.marginCoin, spec.symbol));
  });

  return routes;
}
