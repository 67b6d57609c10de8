import type { Context } from 'hono';
import { GatewayError } from '../http/gateway-error';
import { readJsonBody } from '../http/read-json-body';
import { isObject, type JsonObject } from '../http/validate';
import type { InstrumentSpec, InstType } from '../market/instruments';
import type { MarketSimulator } from '../market/simulator';
import type { ApiKeyEnv } from './api-key-env';
import {
  clientOidMalformed,
  parameterMissing,
  parameterVerification,
  parameterWrong,
  symbolUnknown,
} from './v2-trade-errors';

/** Largest body a v2 trading route reads: a batch of 50 orders fits well within 32 KiB. */
export const V2_BODY_LIMIT = 32 * 1024;
/** Most rows one list call answers, and the default (the exchange's `limit`: default 100, max 100). */
export const V2_LIST_LIMIT = 100;

const SYMBOL = /^[A-Z0-9]{1,32}$/;
/** The demo-trading form of a perpetual's name (`SBTCSUSDT` for BTCUSDT), as the demo product types name them. */
const DEMO_SYMBOL = /^S([A-Z0-9]+)S(USDT)$/;
/** A plain positive decimal: no sign, no exponent, at most 12 integer digits and 18 decimals. */
const DECIMAL = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,18})?$/;
/** The exchange's clientOid: at most 50 characters (40305), letters, digits and `_ . : -`. */
const CLIENT_OID = /^[A-Za-z0-9_.:-]{1,50}$/;
const ORDER_ID = /^[0-9]{1,20}$/;
const MS = /^[0-9]{1,16}$/;

/** Reads a v2 route's JSON body as an object; a malformed or non-object body is a 40017. */
export async function readV2Body(c: Context<ApiKeyEnv>): Promise<JsonObject> {
  let body: unknown;
  try {
    body = await readJsonBody(c, V2_BODY_LIMIT);
  } catch (error) {
    if (error instanceof GatewayError && error.status === 413) throw error;
    throw parameterVerification('the body must be a JSON object');
  }
  if (body === null) return {};
  if (!isObject(body)) throw parameterVerification('the body must be a JSON object');
  return body;
}

/** A text parameter (a number is read as its text, as client libraries sometimes send them), or undefined when absent or blank. */
export function textOf(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw parameterWrong(name);
  return value.trim() || undefined;
}

/** A required text parameter (40019 when absent). */
export function requiredText(value: unknown, name: string): string {
  const text = textOf(value, name);
  if (text === undefined) throw parameterMissing(name);
  return text;
}

/** One of `allowed`, matched without regard to case (client libraries send `GTC`, `Open`); `fallback` when absent. */
export function choiceOf<T extends string>(value: unknown, name: string, allowed: readonly T[], fallback?: T): T {
  const text = textOf(value, name)?.toLowerCase();
  if (text === undefined) {
    if (fallback === undefined) throw parameterMissing(name);
    return fallback;
  }
  const found = allowed.find((choice) => choice === text);
  if (found === undefined) throw parameterWrong(name, `must be one of ${allowed.join(', ')}`);
  return found;
}

/** A positive decimal text such as "0.5" (40020 for signs, exponents and anything else), or undefined when absent. */
export function decimalOf(value: unknown, name: string): string | undefined {
  const text = textOf(value, name);
  if (text === undefined) return undefined;
  if (!DECIMAL.test(text)) throw parameterWrong(name, 'must be a positive decimal');
  return text;
}

/** An optional clientOid (40305 when malformed), or undefined. */
export function clientOidOf(value: unknown): string | undefined {
  const text = textOf(value, 'clientOid');
  if (text === undefined) return undefined;
  if (!CLIENT_OID.test(text)) throw clientOidMalformed();
  return text;
}

/** An optional order id of digits (40020 otherwise), or undefined. */
export function orderIdOf(value: unknown): string | undefined {
  const text = textOf(value, 'orderId');
  if (text === undefined) return undefined;
  if (!ORDER_ID.test(text)) throw parameterWrong('orderId');
  return text;
}

/**
 * The instrument a symbol names, case-insensitively; on a perpetual also by its demo name (`SBTCSUSDT`). 40019 when
 * absent, 40034 when not traded here.
 */
export function instrumentOf(simulator: MarketSimulator, instType: InstType, value: unknown): InstrumentSpec {
  const symbol = requiredText(value, 'symbol').toUpperCase();
  if (!SYMBOL.test(symbol)) throw parameterWrong('symbol');
  const spec = simulator.getInstrument(instType, symbol);
  if (spec) return spec;
  const demo = instType === 'USDT-FUTURES' ? DEMO_SYMBOL.exec(symbol) : null;
  const alias = demo ? simulator.getInstrument(instType, `${demo[1]}${demo[2]}`) : undefined;
  if (alias) return alias;
  throw symbolUnknown(symbol);
}

/** The USDT-M product as the request named it: the live name or its demo alias, and the margin coin of that name. */
export interface UsdtProduct {
  productType: 'USDT-FUTURES' | 'SUSDT-FUTURES';
  marginCoin: 'USDT' | 'SUSDT';
}

const OTHER_PRODUCTS = new Set(['COIN-FUTURES', 'USDC-FUTURES', 'SCOIN-FUTURES', 'SUSDC-FUTURES']);

/**
 * The required `productType`: USDT-FUTURES, or SUSDT-FUTURES (the demo name client libraries send in demo mode, an
 * alias of the same paper accounts). The other product lines are real names the simulator does not trade: undefined
 * (a list answers empty) when `listing`, else 40020.
 */
export function productOf(value: unknown): UsdtProduct;
export function productOf(value: unknown, listing: boolean): UsdtProduct | undefined;
export function productOf(value: unknown, listing = false): UsdtProduct | undefined {
  const name = requiredText(value, 'productType').toUpperCase();
  if (name === 'USDT-FUTURES') return { productType: name, marginCoin: 'USDT' };
  if (name === 'SUSDT-FUTURES') return { productType: name, marginCoin: 'SUSDT' };
  if (listing && OTHER_PRODUCTS.has(name)) return undefined;
  throw parameterWrong('productType', OTHER_PRODUCTS.has(name) ? 'only USDT-FUTURES is simulated' : undefined);
}

/** An optional `marginCoin`, which must be USDT (or its demo name SUSDT), in any case (40020 otherwise). */
export function checkMarginCoin(value: unknown): void {
  const coin = textOf(value, 'marginCoin')?.toUpperCase();
  if (coin !== undefined && coin !== 'USDT' && coin !== 'SUSDT') throw parameterWrong('marginCoin');
}

/** A trimmed query parameter, or undefined when absent or blank. */
export function queryOf(c: Context<ApiKeyEnv>, name: string): string | undefined {
  return c.req.query(name)?.trim() || undefined;
}

/** The `limit` query: 1 … 100, default 100 (40020 otherwise). */
export function limitOf(c: Context<ApiKeyEnv>): number {
  const value = queryOf(c, 'limit');
  if (value === undefined) return V2_LIST_LIMIT;
  const limit = /^[0-9]{1,4}$/.test(value) ? Number(value) : 0;
  if (limit < 1 || limit > V2_LIST_LIMIT) throw parameterWrong('limit', `must be 1 to ${V2_LIST_LIMIT}`);
  return limit;
}

/** A time query in ms since the epoch (40020 when not digits), or undefined. */
export function timeOf(c: Context<ApiKeyEnv>, name: string): number | undefined {
  const value = queryOf(c, name);
  if (value === undefined) return undefined;
  if (!MS.test(value)) throw parameterWrong(name);
  return Number(value);
}
