import type { CspReport } from './csp-report-store';
import { invalidField } from '../http/gateway-error';
import { expectObject, isObject, type JsonObject, readString } from '../http/validate';

const MAX_TEXT = 4096;
const MAX_BATCH = 50;

/** Turns a report body into rows: the product's own `{bizType, data:{event, reason}, timestamp, page}` (spec §7.7), a browser `{"csp-report":{…}}`, or a Reporting-API array; anything else throws a 40002. */
export function parseCspReports(input: unknown): CspReport[] {
  if (Array.isArray(input)) {
    if (input.length === 0 || input.length > MAX_BATCH)
      throw invalidField('body', `must hold 1 to ${MAX_BATCH} reports`);
    return input.map((entry, i) => fromReportingApi(entry, `[${i}]`));
  }
  const body = expectObject(input, 'body');
  if ('csp-report' in body) return [fromCspReport(body)];
  if ('bizType' in body) return [fromProductReport(body)];
  throw invalidField('body', 'must be a CSP report');
}

function fromProductReport(body: JsonObject): CspReport {
  const bizType = readString(body, 'bizType', { maxLength: 64 });
  const data = expectObject(body.data, 'data');
  flatFields(data, 'data');
  const event = readString(data, 'event', { maxLength: 128 });
  const reason = readString(data, 'reason', { optional: true, maxLength: MAX_TEXT }) ?? '';
  const page = readString(body, 'page', { optional: true, maxLength: 2048 }) ?? '';
  const { timestamp } = body;
  if (
    timestamp !== undefined &&
    typeof timestamp !== 'number' &&
    !(typeof timestamp === 'string' && /^\d{1,16}$/.test(timestamp))
  ) {
    throw invalidField('timestamp', 'must be a number of milliseconds');
  }
  return { bizType, event, reason, page, raw: { bizType, data, timestamp, page } };
}

function fromCspReport(body: JsonObject): CspReport {
  const report = expectObject(body['csp-report'], 'csp-report');
  flatFields(report, 'csp-report');
  const text = (name: string) => readString(report, name, { optional: true, maxLength: MAX_TEXT });
  return {
    bizType: 'csp',
    event: text('effective-directive') ?? text('violated-directive') ?? 'csp-violation',
    reason: text('blocked-uri') ?? '',
    page: text('document-uri') ?? '',
    raw: { 'csp-report': report },
  };
}

function fromReportingApi(entry: unknown, where: string): CspReport {
  const report = expectObject(entry, where);
  const type = readString(report, 'type', { maxLength: 64 });
  const url = readString(report, 'url', { optional: true, maxLength: 2048 });
  const body = expectObject(report.body, `${where}.body`);
  flatFields(body, `${where}.body`);
  const text = (name: string) => readString(body, name, { optional: true, maxLength: MAX_TEXT });
  return {
    bizType: type,
    event: text('effectiveDirective') ?? type,
    reason: text('blockedURL') ?? '',
    page: text('documentURL') ?? url ?? '',
    raw: { type, url, age: typeof report.age === 'number' ? report.age : undefined, body },
  };
}

/** Reports are flat: strings, numbers, booleans or null, each string bounded; nested structures are garbage. */
function flatFields(object: JsonObject, where: string): void {
  for (const [key, value] of Object.entries(object)) {
    if (isObject(value) || Array.isArray(value)) throw invalidField(`${where}.${key}`, 'must not be nested');
    if (typeof value === 'string' && value.length > MAX_TEXT) throw invalidField(`${where}.${key}`, 'is too long');
  }
}
