import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { GatewayError } from '../http/gateway-error';
import type { InstrumentSpec, InstType } from './instruments';
import type { MarketSimulator } from './simulator';

const SYMBOL_PATTERN = /^[A-Z0-9_]{1,32}$/;
const DIGITS = /^\d{1,16}$/;
/**
 * Product types of the public v2 API, with the demo-trading ones (`S…`) client libraries also ask for. Only USDT-M is
 * simulated (SUSDT-FUTURES is its demo alias); the others are valid and hold no instruments.
 */
const PRODUCT_TYPES = new Set([
  'USDT-FUTURES',
  'COIN-FUTURES',
  'USDC-FUTURES',
  'SUSDT-FUTURES',
  'SCOIN-FUTURES',
  'SUSDC-FUTURES',
]);

/** A query parameter the caller must send is missing (HTTP 400, code 40019, as the public API words it). */
export function missingParameter(name: string): GatewayError {
  return new GatewayError(400, '40019', `Parameter ${name} cannot be empty`);
}

/** A query parameter has a value the route does not accept (HTTP 400, code 40020); `expectation` says what would do. */
export function badParameter(name: string, expectation?: string): GatewayError {
  return new GatewayError(
    400,
    '40020',
    expectation ? `Parameter ${name} error: ${expectation}` : `Parameter ${name} error`,
  );
}

/** A trimmed query parameter, or undefined when absent or blank. */
export function queryValue(c: Context<GatewayEnv>, name: string): string | undefined {
  const value = c.req.query(name)?.trim();
  return value ? value : undefined;
}

/** Every instrument of a product line, or the one named by an optional `symbol` query; unknown or malformed symbols answer 400. */
export function pickInstruments(
  c: Context<GatewayEnv>,
  simulator: MarketSimulator,
  instType: InstType,
): InstrumentSpec[] {
  return queryValue(c, 'symbol') === undefined
    ? simulator.listInstruments(instType)
    : [requireInstrument(c, simulator, instType)];
}

/** The instrument named by the required `symbol` query (case-insensitive): 40019 when missing, 40020 when malformed, 40034 when unknown. */
export function requireInstrument(
  c: Context<GatewayEnv>,
  simulator: MarketSimulator,
  instType: InstType | null,
): InstrumentSpec {
  const raw = queryValue(c, 'symbol');
  if (raw === undefined) throw missingParameter('symbol');
  const symbol = raw.toUpperCase();
  if (!SYMBOL_PATTERN.test(symbol)) throw badParameter('symbol');
  const spec = instType ? simulator.getInstrument(instType, symbol) : undefined;
  if (!spec) throw new GatewayError(400, '40034', `Parameter ${symbol} does not exist`);
  return spec;
}

/** The required `productType` query, upper-cased: 40019 when missing, 40020 when not a futures product line. */
export function requireProductType(c: Context<GatewayEnv>): string {
  const value = queryValue(c, 'productType')?.toUpperCase();
  if (!value) throw missingParameter('productType');
  if (!PRODUCT_TYPES.has(value)) throw badParameter('productType');
  return value;
}

/**
 * The simulated product line behind a `productType`, or null for the futures lines that hold no instruments. The
 * whole gateway is paper trading, so the demo alias SUSDT-FUTURES names the same USDT-M perpetuals.
 */
export function simulatedLine(productType: string): InstType | null {
  return productType === 'USDT-FUTURES' || productType === 'SUSDT-FUTURES' ? 'USDT-FUTURES' : null;
}

/** An optional integer query within [min, max]; `fallback` when absent, 40020 when malformed or out of range. */
export function integerParameter(
  c: Context<GatewayEnv>,
  name: string,
  range: { min: number; max: number; fallback: number },
): number {
  const raw = queryValue(c, name);
  if (raw === undefined) return range.fallback;
  const value = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= range.min && value <= range.max))
    throw badParameter(name, `must be an integer from ${range.min} to ${range.max}`);
  return value;
}

/** An optional millisecond timestamp query, or undefined; 40020 when it is not a plain non-negative integer. */
export function timeParameter(c: Context<GatewayEnv>, name: string): number | undefined {
  const raw = queryValue(c, name);
  if (raw === undefined) return undefined;
  if (!DIGITS.test(raw)) throw badParameter(name, 'must be a Unix time in milliseconds');
  return Number(raw);
}

/** One of a fixed set of values, matched case-insensitively; `fallback` when absent, 40020 otherwise. */
export function choiceParameter<T extends string>(
  c: Context<GatewayEnv>,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const raw = queryValue(c, name);
  if (raw === undefined) return fallback;
  const found = choices.find((choice) => choice.toLowerCase() === raw.toLowerCase());
  if (!found) throw badParameter(name, `must be one of ${choices.join(', ')}`);
  return found;
}
