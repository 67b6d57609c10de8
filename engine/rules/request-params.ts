/** A value a caller may put in request params before the request layer normalises it. */
export type ParamValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Date
  | ParamValue[]
  | { [key: string]: ParamValue };

/** Formats a date as `YYYY-MM-DD HH:mm` in local time (spec §5). */
export function formatRequestDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Trims string params and formats dates, recursively, without touching the caller's object (spec §5). */
export function normalizeParams(params: Record<string, ParamValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) out[key] = normalizeValue(value);
  return out;
}

function normalizeValue(value: ParamValue): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) {
    // An invalid date would format as "NaN-NaN…"; refuse it loudly instead of sending garbage.
    if (Number.isNaN(value.getTime())) throw new TypeError('Invalid date in request params');
    return formatRequestDate(value);
  }
  if (Array.isArray(value)) return value.map(normalizeValue);
  if (value !== null && typeof value === 'object') return normalizeParams(value);
  return value;
}
