import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import { GatewayError } from '../http/gateway-error';
import { MONEY_PLACES, formatMoney, unitsOf } from '../money/money-units';
import { FuturesPositionActions } from '../trading/futures-position-actions';
import type { PaperTrading } from '../trading/paper-trading';
import {
  createPositionHistory,
  openCloseFees,
  type PositionHistoryRecord,
  positionHistoryView,
} from '../trading/position-history';
import { TradeError } from '../trading/trade-errors';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv } from './api-key-env';
import { parameterVerification, parameterWrong, toV2Error } from './v2-trade-errors';
import {
  checkMarginCoin,
  choiceOf,
  decimalOf,
  instrumentOf,
  limitOf,
  productOf,
  queryOf,
  readV2Body,
  requiredText,
  timeOf,
  type UsdtProduct,
} from './v2-trade-input';
import { v2TradingAccess } from './v2-trade-request';

/** The v2 private USDT-M position paths served here (the exchange's "Adjust Position Margin" and "Get Historical Position"). */
export const MIX_POSITION_PATHS = {
  setMargin: '/api/v2/mix/account/set-margin',
  historyPosition: '/api/v2/mix/position/history-position',
} as const;

/** How many closed positions `history-position` answers when no `limit` is sent (the exchange's default). */
export const HISTORY_POSITION_DEFAULT_LIMIT = 20;

const INST = 'USDT-FUTURES' as const;
const DEFAULT_PRODUCT: UsdtProduct = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };

/** `40208`: a margin amount with more decimals than the margin coin's precision (the exchange's words). */
const marginScaleWrong = (places: number) =>
  new GatewayError(
    400,
    '40208',
    `The accuracy of the adjustment margin amount is incorrect: at most ${places} decimals`,
  );
/** `40713`: taking out more margin than the position may give (the exchange's words). */
const marginAboveTransferable = (detail: string) =>
  new GatewayError(400, '40713', `Cannot exceed the maximum transferable margin amount: ${detail}`);

/**
 * The signed `amount` of set-margin in money units: a decimal text, negative to take margin out (40019 absent, 40020
 * for anything else or zero, 40208 beyond the margin coin's `places`).
 */
function signedAmountOf(value: unknown, places: number): bigint {
  const text = requiredText(value, 'amount');
  const negative = text.startsWith('-');
  const magnitude = decimalOf(negative ? text.slice(1) : text, 'amount');
  if (magnitude === undefined) throw parameterWrong('amount', 'must be a decimal such as "20" or "-20"');
  const [whole = '0', fraction = ''] = magnitude.split('.');
  if (fraction.replace(/0+$/, '').length > Math.min(places, MONEY_PLACES)) throw marginScaleWrong(places);
  const units = unitsOf(`${whole}.${fraction.slice(0, MONEY_PLACES)}`, MONEY_PLACES);
  if (units === 0n) throw parameterWrong('amount', 'must not be zero');
  return negative ? -units : units;
}

/** The exchange's open and close fees of a closed position (negative: paid), at the quote precision. */
function feesOf(row: PositionHistoryRecord, places: number): { openFee: string; closeFee: string } {
  const { open, close } = openCloseFees(row);
  return { openFee: formatMoney(-open, places), closeFee: formatMoney(-close, places) };
}

/**
 * The v2 private USDT-M position routes over paper trading, behind the API key check `auth`, on the key owner's
 * account only: `set-margin` (permission `futures_trade`) moves margin into (`amount` > 0) or out of (< 0) an isolated
 * position through the session API's engine, answering `""` as the exchange does; `history-position` (read) pages the
 * closed positions of the session API's position history in the exchange's shape, newest first, `endId` being the
 * cursor of the next page (`idLessThan`), `startTime`/`endTime` bounding when a position closed.
 */
export function mixPositionRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx, futures } = trading;
  const { write, userOf } = v2TradingAccess(ctx);
  const actions = new FuturesPositionActions(ctx, futures);
  const history = createPositionHistory(ctx.db);

  routes.post(MIX_POSITION_PATHS.setMargin, auth, requirePermission('futures_trade'), async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const holdSide = choiceOf(body.holdSide, 'holdSide', ['long', 'short'] as const);
    const amount = signedAmountOf(body.amount, spec.quotePrecision);
    try {
      write(() => actions.setMargin(userId, spec.symbol, holdSide, amount));
    } catch (error) {
      if (!(error instanceof TradeError && error.code === '43013')) throw toV2Error(error, 'mix');
      // The engine refuses a cross position (no margin of its own) and taking out too much with one code.
      const isolated = ctx.positions.get(userId, spec.symbol, holdSide)?.marginMode === 'isolated';
      throw isolated ? marginAboveTransferable(error.message) : parameterVerification(error.message);
    }
    return replyMarketOk(c, '');
  });

  routes.get(MIX_POSITION_PATHS.historyPosition, auth, requirePermission('read'), (c: Context<ApiKeyEnv>) => {
    const userId = userOf(c);
    const symbolText = queryOf(c, 'symbol');
    const spec = symbolText === undefined ? undefined : instrumentOf(ctx.simulator, INST, symbolText);
    const productText = queryOf(c, 'productType');
    // productType defaults to USDT-FUTURES; a product line the simulator does not trade has no positions.
    const product = productText === undefined ? DEFAULT_PRODUCT : productOf(productText, true);
    const idLessThan = queryOf(c, 'idLessThan');
    if (idLessThan !== undefined && !/^[0-9]{1,16}$/.test(idLessThan)) throw parameterWrong('idLessThan');
    const page = {
      symbol: spec?.symbol,
      idLessThan,
      startTime: timeOf(c, 'startTime'),
      endTime: timeOf(c, 'endTime'),
      limit: queryOf(c, 'limit') === undefined ? HISTORY_POSITION_DEFAULT_LIMIT : limitOf(c),
    };
    if (!product) return replyMarketOk(c, { list: [], endId: '' });
    const list = history.page(userId, page).map((row) => {
      const rowSpec = ctx.spec(INST, row.symbol);
      const view = positionHistoryView(rowSpec, row);
      return {
        positionId: view.positionId,
        marginCoin: product.marginCoin,
        symbol: view.symbol,
        holdSide: view.holdSide,
        openAvgPrice: view.openAvgPrice,
        closeAvgPrice: view.closeAvgPrice,
        marginMode: view.marginMode,
        openTotalPos: view.openTotalPos,
        closeTotalPos: view.closeTotalPos,
        pnl: view.pnl,
        netProfit: view.netProfit,
        totalFunding: view.totalFunding,
        ...feesOf(row, rowSpec.quotePrecision),
        cTime: view.cTime,
        uTime: view.uTime,
      };
    });
    return replyMarketOk(c, { list, endId: list.at(-1)?.positionId ?? '' });
  });

  return routes;
}
