import { invalidField } from '../http/gateway-error';
import { expectObject, readBoolean, readInteger, readString } from '../http/validate';
import type { Fault } from './fault-registry';

/** Validates the JSON of `POST /__faults` into a fault, or throws a 40002 naming the bad field. */
export function parseFault(input: unknown): Fault {
  const body = expectObject(input, 'body');
  const path = readString(body, 'path', { maxLength: 2048 });
  if (!path.startsWith('/') || path.includes('?'))
    throw invalidField('path', 'must be an absolute path without a query');
  const method = readString(body, 'method', { optional: true, maxLength: 16 })?.toUpperCase();
  const headers = body.headers === undefined ? undefined : expectObject(body.headers, 'headers');
  if (headers && !Object.values(headers).every((v) => typeof v === 'string')) {
    throw invalidField('headers', 'values must be strings');
  }
  if (body.body !== undefined && body.rawBody !== undefined)
    throw invalidField('rawBody', 'cannot be combined with body');
  const fault: Fault = {
    path,
    method,
    status: readInteger(body, 'status', 200, 599),
    body: body.body,
    rawBody: readString(body, 'rawBody', { optional: true, maxLength: 1_000_000 }),
    headers: headers as Record<string, string> | undefined,
    delayMs: readInteger(body, 'delayMs', 0, 120_000),
    times: readInteger(body, 'times', 1, 1_000_000) ?? 1,
    drop: readBoolean(body, 'drop'),
    scope: readString(body, 'scope', { optional: true, maxLength: 128 }),
  };
  return fault;
}
