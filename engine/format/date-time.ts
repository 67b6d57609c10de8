/**
 * The one way a page writes a moment (a record's time, when last-known figures were kept): date and time to the
 * second in the locale's own order and hour convention, Latin digits and the Gregorian calendar, so two pages of one
 * locale never write the same moment two ways (issue 38, point 12).
 */
export const DATE_TIME_OPTIONS: Readonly<Intl.DateTimeFormatOptions> = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  // Thai's Buddhist years and Arabic-Indic digits would not match the dates the filters and the exports use.
  calendar: 'gregory',
  numberingSystem: 'latn',
};

/*
 * A page shows a moment in an isolate whose direction follows the text (`<bdi dir="auto">`), never one forced left to
 * right: Arabic's format carries right-to-left marks between its parts and reads scrambled in a left-to-right box.
 */

/** Shown for a time that is not one (a missing or malformed field). */
export const NO_TIME = '--';

// Building a formatter is costly; a page writes hundreds of times in a handful of locales.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (ms since the epoch, as a number or the API's decimal string) in the locale `intl`, with
 * {@link DATE_TIME_OPTIONS}, in `timeZone` (default: the device's); {@link NO_TIME} when it is not a moment.
 */
export function formatDateTime(ms: number | string, intl: string, timeZone?: string): string {
  const value = typeof ms === 'string' && ms.trim() !== '' ? Number(ms) : ms;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) return NO_TIME;
  const key = `${intl}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, timeZone ? { ...DATE_TIME_OPTIONS, timeZone } : DATE_TIME_OPTIONS);
    formats.set(key, format);
  }
  return format.format(value);
}
