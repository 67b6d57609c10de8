import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import { readJsonBody } from '../http/read-json-body';
import { expectObject, type JsonObject } from '../http/validate';
import type { InstrumentSpec } from '../market/instruments';
import { unitsOf } from '../money/money-units';
import { offStep } from './trade-errors';

/** Largest body a trade route reads (4 KiB): an order is a few hundred bytes. */
export const TRADE_BODY_LIMIT = 4 * 1024;
/** Most history rows one call returns, and the default. */
export const HISTORY_LIMIT = { max: 100, default: 50 } as const;

const SYMBOL = /^[A-Z0-9]{1,20}$/;
/** A plain positive decimal: no sign, no exponent, no leading zeros, at most 12 integer digits and 18 decimals. */
const DECIMAL = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,18})?$/;
const CLIENT_OID = /^[A-Za-z0-9_.:-]{1,40}$/;
const ORDER_ID = /^[0-9]{1,20}$/;

/** Reads a trade route's JSON body as an object (40001 malformed, 40002 not an object, 413 too large). */
export async function readTradeBody(c: Context<GatewayEnv>): Promise<JsonObject> {
  return expectObject(await readJsonBody(c, TRADE_BODY_LIMIT), 'body');
}

/** A required symbol such as "BTCUSDT" (40002 otherwise; an unknown one is the caller's 43001). */
export function readSymbol(value: unknown, field = 'symbol'): string {
  if (typeof value !== 'string' || !SYMBOL.test(value)) throw invalidField(field, 'must be a symbol such as BTCUSDT');
  return value;
}

/** A string field that must be one of `allowed`; `fallback` when absent (or 40002 when there is none). */
export function readChoice<T extends string>(body: JsonObject, field: string, allowed: readonly T[], fallback?: T): T {
  const value = body[field];
  if ((value === undefined || value === '') && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw invalidField(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** An optional decimal string field, checked for shape only (40002 for numbers, signs, exponents, NaN, too many digits). */
export function readDecimal(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !DECIMAL.test(value))
    throw invalidField(field, 'must be a positive decimal string such as "0.5"');
  return value;
}

/** Converts a checked decimal to integer units of `places` decimals on a grid of `step` units; 43002 off the grid, 40002 for zero. */
function toUnits(field: string, text: string, places: number, step: bigint, stepText: string): bigint {
  const fraction = text.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > places) throw offStep(field, stepText);
  const units = unitsOf(`${text.split('.')[0]}.${fraction.slice(0, places)}`, places);
  if (units === 0n) throw invalidField(field, 'must be greater than zero');
  if (units % step !== 0n) throw offStep(field, stepText);
  return units;
}

/** A price in the instrument's units, on its tick. */
export function priceUnits(spec: InstrumentSpec, field: string, text: string): bigint {
  const step = BigInt(spec.priceEndStep);
  const tick = (Number(step) / 10 ** spec.pricePlace).toFixed(spec.pricePlace);
  return toUnits(field, text, spec.pricePlace, step, tick);
}

/** A size in the instrument's units, on its lot. */
export function sizeUnits(spec: InstrumentSpec, field: string, text: string): bigint {
  return toUnits(field, text, spec.volumePlace, unitsOf(spec.sizeMultiplier, spec.volumePlace), spec.sizeMultiplier);
}

/** An optional client order id (letters, digits, `_ . : -`, at most 40), "" when absent. */
export function readClientOid(body: JsonObject): string {
  const value = body.clientOid;
  if (value === undefined || value === '') return '';
  if (typeof value !== 'string' || !CLIENT_OID.test(value))
    throw invalidField('clientOid', 'must be 1 to 40 letters, digits or _ . : -');
  return value;
}

/** A required order id (digits only); an unknown one is the caller's 43006. */
export function readOrderId(body: JsonObject): string {
  const value = body.orderId;
  if (typeof value !== 'string' || !ORDER_ID.test(value))
    throw invalidField('orderId', 'must be an order id string of digits');
  return value;
}

/** An optional query symbol. */
export function querySymbol(c: Context<GatewayEnv>): string | undefined {
  const value = c.req.query('symbol');
  return value === undefined || value === '' ? undefined : readSymbol(value);
}

/** The history `limit` query: 1 … 100, default 50. */
export function queryLimit(c: Context<GatewayEnv>): number {
  const value = c.req.query('limit');
  if (value === undefined || value === '') return HISTORY_LIMIT.default;
  if (!/^[0-9]{1,3}$/.test(value) || Number(value) < 1 || Number(value) > HISTORY_LIMIT.max) {
    throw invalidField('limit', `must be an integer from 1 to ${HISTORY_LIMIT.max}`);
  }
  return Number(value);
}

/** The long poll's `cursor` query: a non-negative integer of at most 16 digits (0 when absent). */
export function queryCursor(c: Context<GatewayEnv>): number {
  const value = c.req.query('cursor') ?? '0';
  if (!/^[0-9]{1,16}$/.test(value)) throw invalidField('cursor', 'must be a non-negative integer');
  return Number(value);
}

/** Leverage as an integer number or a digit string (Bitget sends strings); range is the caller's 43008. */
export function readLeverage(body: JsonObject): number {
  const value = body.leverage;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[0-9]{1,6}$/.test(value)) return Number(value);
  throw invalidField('leverage', 'must be an integer');
}
