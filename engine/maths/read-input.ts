import { MathsDecimal, type MathsDecimalValue } from './maths-decimal';
import { MathsInputError } from './maths-input-error';

/** A decimal input of the maths engine: a string as the API sends money, or a finite number. */
export type DecimalInput = string | number;

/** An enum input of spec §3: its code as a number or a numeric string (`1`, `"1"`). */
export type EnumInput = number | string;

/** Which values a decimal input may take. */
export type DecimalBound = 'any' | 'non-negative' | 'positive' | 'rate';

const MAX_LENGTH = 64;
const MAX_EXPONENT = 60;
const MAX_PLACES = 18;
const LITERAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** True when an input was left out (`undefined` or `null`), so a default or fallback applies. */
export function isMissing(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** Parses one decimal input of contracts/maths.md, or throws a {@link MathsInputError} naming the field. */
export function readDecimal(value: unknown, field: string, bound: DecimalBound): MathsDecimalValue {
  const parsed = parseDecimal(value, field);
  if (bound === 'any') return parsed;
  if (parsed.lt(0)) throw new MathsInputError(field, 'maths.negative', `${field} must not be negative`);
  if (bound === 'positive' && parsed.isZero()) {
    throw new MathsInputError(field, 'maths.out-of-range', `${field} must be greater than zero`);
  }
  if (bound === 'rate' && parsed.gte(1)) {
    throw new MathsInputError(field, 'maths.out-of-range', `${field} must be a rate below 1`);
  }
  return parsed;
}

function parseDecimal(value: unknown, field: string): MathsDecimalValue {
  if (isMissing(value)) throw new MathsInputError(field, 'maths.missing', `${field} is missing`);
  let parsed: MathsDecimalValue;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new MathsInputError(field, 'maths.not-a-number', `${field} is not a finite number`);
    parsed = new MathsDecimal(value);
  } else if (typeof value === 'string') {
    // Length is checked before the pattern so a hostile megabyte string costs nothing.
    if (value.length > MAX_LENGTH * 2) throw new MathsInputError(field, 'maths.out-of-range', `${field} is too long`);
    const text = value.trim();
    // A blank field means the server sent no value, not zero.
    if (text === '') throw new MathsInputError(field, 'maths.missing', `${field} is blank`);
    if (text.length > MAX_LENGTH) throw new MathsInputError(field, 'maths.out-of-range', `${field} is too long`);
    // Only plain decimal literals: decimal.js would also read "0x10" and "Infinity", which no price ever is.
    if (!LITERAL.test(text)) throw new MathsInputError(field, 'maths.not-a-number', `${field} is not a decimal number`);
    // decimal.js turns an exponent past its limits into Infinity or a silent 0, so bound the written exponent first
    // (loosely: the digits before it can shift it by at most MAX_LENGTH; the exact check follows the parse).
    const exponent = /[eE][+-]?(\d+)$/.exec(text);
    if (exponent && Number(exponent[1]) > MAX_EXPONENT + MAX_LENGTH) {
      throw new MathsInputError(field, 'maths.out-of-range', `${field} is out of range`);
    }
    parsed = new MathsDecimal(text);
  } else {
    throw new MathsInputError(field, 'maths.not-a-number', `${field} is not a number or a decimal string`);
  }
  // No real price or size needs more than 60 orders of magnitude; beyond that the input is garbage or an attack.
  if (!parsed.isZero() && Math.abs(parsed.e) > MAX_EXPONENT) {
    throw new MathsInputError(field, 'maths.out-of-range', `${field} is out of range`);
  }
  // "-0" is zero: a negative zero must never reach an output string.
  return parsed.isZero() ? new MathsDecimal(0) : parsed;
}

/** Reads an enum input (number or numeric string) of spec §3, or throws `maths.bad-enum` naming the field. */
export function readEnum<T extends number>(value: unknown, field: string, allowed: readonly T[]): T {
  if (isMissing(value)) throw new MathsInputError(field, 'maths.missing', `${field} is missing`);
  let code: number | undefined;
  if (typeof value === 'number') code = value;
  else if (typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value)) code = Number(value);
  const match = allowed.find((candidate) => candidate === code);
  if (match === undefined) {
    throw new MathsInputError(field, 'maths.bad-enum', `${field} must be one of ${allowed.join(', ')}`);
  }
  return match;
}

/** Reads a count of decimal places (0..18, number or numeric string), falling back to `fallback` when left out. */
export function readPlaces(value: unknown, field: string, fallback?: number): number {
  if (isMissing(value) && fallback !== undefined) return fallback;
  const parsed = parseDecimal(value, field);
  if (!parsed.isInteger() || parsed.lt(0) || parsed.gt(MAX_PLACES)) {
    throw new MathsInputError(field, 'maths.out-of-range', `${field} must be a whole number from 0 to ${MAX_PLACES}`);
  }
  return parsed.toNumber();
}
