import { invalidField } from './gateway-error';

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns the value as an object or throws a 40002 naming `field`. */
export function expectObject(value: unknown, field: string): JsonObject {
  if (!isObject(value)) throw invalidField(field, 'must be an object');
  return value;
}

/** Reads a string field (optionally absent) no longer than `maxLength`, or throws a 40002 naming it. */
export function readString(
  object: JsonObject,
  field: string,
  options: { optional: true; maxLength?: number },
): string | undefined;
export function readString(
  object: JsonObject,
  field: string,
  options?: { optional?: false; maxLength?: number },
): string;
export function readString(
  object: JsonObject,
  field: string,
  options: { optional?: boolean; maxLength?: number } = {},
): string | undefined {
  const value = object[field];
  if (value === undefined && options.optional) return undefined;
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    throw invalidField(field, `must be at most ${options.maxLength} characters`);
  }
  return value;
}

/** Reads an optional integer field within [min, max], or throws a 40002 naming it. */
export function readInteger(object: JsonObject, field: string, min: number, max: number): number | undefined {
  const value = object[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidField(field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** Reads an optional boolean field, or throws a 40002 naming it. */
export function readBoolean(object: JsonObject, field: string): boolean | undefined {
  const value = object[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidField(field, 'must be a boolean');
  return value;
}
