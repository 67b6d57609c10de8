import { type Context, Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import type { InstrumentSpec } from '../market/instruments';
import { FuturesPositionActions, type TpslPreset } from './futures-position-actions';
import { MONEY_PLACES, pow10, unitsOf } from '../money/money-units';
import type { HoldSide } from './order-store';
import { futuresOrderView, positionView } from './order-views';
import type { PaperTrading } from './paper-trading';
import { createPositionHistory, positionHistoryView } from './position-history';
import {
  priceUnits,
  queryLimit,
  querySymbol,
  readChoice,
  readDecimal,
  readSymbol,
  readTradeBody,
  sizeUnits,
} from './trade-input';
import { requireTrader } from './trade-session';

const INST = 'USDT-FUTURES' as const;
/** A signed margin amount: an optional minus, no exponent, no leading zeros, at most 12 digits and 8 decimals. */
const SIGNED_AMOUNT = /^-?(0|[1-9][0-9]{0,11})(\.[0-9]{1,8})?$/;

/** `productType`, when sent, must be USDT-FUTURES. */
function checkProductType(body: JsonObject): void {
  const value = body.productType;
  if (value !== undefined && (typeof value !== 'string' || value.toUpperCase() !== INST))
    throw invalidField('productType', 'must be USDT-FUTURES');
}

/** An optional `holdSide` (needed when both sides of a symbol are open). */
function readHoldSide(body: JsonObject): HoldSide | null {
  return body.holdSide === undefined || body.holdSide === ''
    ? null
    : readChoice(body, 'holdSide', ['long', 'short'] as const);
}

/** A TP/SL field: absent leaves it, "" clears it, else a price on the tick. */
function readTpslPrice(spec: InstrumentSpec, body: JsonObject, field: string): bigint | null | undefined {
  if (!(field in body)) return undefined;
  if (body[field] === '') return null;
  const text = readDecimal(body, field);
  return text === undefined ? null : priceUnits(spec, field, text);
}

/** The prices a position's TP or SL may watch (the exchange's `stopSurplusTriggerType`): mark or last trade. */
const TRIGGER_TYPES = ['mark_price', 'fill_price'] as const;

/**
 * One preset of place-pos-tpsl, `prefix` being stopSurplus or stopLoss: `<prefix>TriggerPrice` absent leaves it, ""
 * clears it, else a price on the tick, watching `<prefix>TriggerType` (mark_price unless sent) and closing
 * `<prefix>Size` (base coin on the lot, the whole position unless sent). Type and size are checked even when no
 * price comes with them, and refused then (40002), so a value sent is never silently dropped.
 */
function readTpslPreset(spec: InstrumentSpec, body: JsonObject, prefix: string): TpslPreset | null | undefined {
  const priceField = `${prefix}TriggerPrice`;
  const typeField = `${prefix}TriggerType`;
  const sizeField = `${prefix}Size`;
  const price = readTpslPrice(spec, body, priceField);
  const type = readChoice(body, typeField, TRIGGER_TYPES, 'mark_price');
  const sizeText = readDecimal(body, sizeField);
  const size = sizeText === undefined ? null : sizeUnits(spec, sizeField, sizeText);
  if (price != null) return { price, type, size };
  const typeSent = body[typeField] !== undefined && body[typeField] !== '';
  if (typeSent || size !== null) throw invalidField(typeSent ? typeField : sizeField, `needs a ${priceField}`);
  return price;
}

/** A non-zero signed USDT amount in money units (40002 for numbers, exponents, "-0", zero or too many digits). */
function readSignedAmount(body: JsonObject): bigint {
  const value = body.amount;
  if (typeof value !== 'string' || !SIGNED_AMOUNT.test(value))
    throw invalidField('amount', 'must be a decimal string such as "50" or "-25.5", at most 8 decimals');
  const negative = value.startsWith('-');
  const units = unitsOf(negative ? value.slice(1) : value, MONEY_PLACES);
  if (units === 0n) throw invalidField('amount', 'must not be zero');
  return negative ? -units : units;
}

/**
 * Routes that manage open USDT-M positions (paper-trading contract, "Managing positions"): TP/SL, isolated margin,
 * close all, and the history of closed positions.
 */
export function positionRoutes(trading: PaperTrading): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { ctx, futures } = trading;
  const actions = new FuturesPositionActions(ctx, futures);
  const history = createPositionHistory(ctx.db);
  const specOf = (symbol: string) => ctx.spec(INST, symbol);
  const write = <T>(action: () => T): T => ctx.db.transaction(action)();
  const viewOf = (userId: string, symbol: string, holdSide: HoldSide) => {
    const ledger = futures.ledgerOf(userId);
    const position = ledger.positions.find((p) => p.symbol === symbol && p.holdSide === holdSide)!;
    return positionView(position, ledger, ctx.accounts.posMode(userId) === 'hedge_mode');
  };

  /** What every call on one position opens with: the trader, the body, and the position's symbol, side and contract. */
  const positionRequest = async (c: Context<GatewayEnv>) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const symbol = readSymbol(body.symbol);
    const holdSide = readHoldSide(body);
    return { userId, body, symbol, holdSide, spec: specOf(symbol) };
  };

  routes.post('/v1/trade/mix/place-pos-tpsl', async (c) => {
    const { userId, body, symbol, holdSide, spec } = await positionRequest(c);
    const takeProfit = readTpslPreset(spec, body, 'stopSurplus');
    const stopLoss = readTpslPreset(spec, body, 'stopLoss');
    if (takeProfit === undefined && stopLoss === undefined)
      throw invalidField('stopSurplusTriggerPrice', 'or stopLossTriggerPrice is required');
    const position = write(() => actions.setTpsl(userId, { symbol, holdSide, takeProfit, stopLoss }));
    return replyOk(c, viewOf(userId, symbol, position.holdSide));
  });

  routes.post('/v1/trade/mix/set-margin', async (c) => {
    const { userId, body, symbol, holdSide, spec } = await positionRequest(c);
    const amount = readSignedAmount(body);
    // Money beyond the quote precision could not be shown or given back.
    if (amount % pow10(MONEY_PLACES - Math.min(spec.quotePrecision, MONEY_PLACES)) !== 0n)
      throw invalidField('amount', `must have at most ${spec.quotePrecision} decimals`);
    const position = write(() => actions.setMargin(userId, symbol, holdSide, amount));
    return replyOk(c, viewOf(userId, symbol, position.holdSide));
  });

  routes.post('/v1/trade/mix/close-all-positions', async (c) => {
    const userId = requireTrader(c, ctx);
    const body = await readTradeBody(c);
    checkProductType(body);
    const results = actions.closeAll(userId);
    return replyOk(c, {
      successList: results.filter((r) => 'orderId' in r),
      failureList: results.filter((r) => 'errorCode' in r),
    });
  });

  routes.post('/v1/trade/mix/reverse-position', async (c) => {
    const { userId, symbol, holdSide, spec } = await positionRequest(c);
    const { closed, opened } = write(() => actions.reverse(userId, symbol, holdSide));
    return replyOk(c, { closeOrder: futuresOrderView(spec, closed), openOrder: futuresOrderView(spec, opened) });
  });

  routes.get('/v1/trade/mix/history-position', (c) => {
    const userId = requireTrader(c, ctx);
    const symbol = querySymbol(c);
    if (symbol !== undefined) specOf(symbol);
    const rows = history.ofUser(userId, symbol, queryLimit(c));
    return replyOk(
      c,
      rows.map((row) => positionHistoryView(specOf(row.symbol), row)),
    );
  });

  return routes;
}
