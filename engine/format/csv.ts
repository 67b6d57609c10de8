/**
 * One CSV file (RFC 4180) from rows of cells, for the records' export: fields with a comma, quote or line break are
 * quoted, and lines end CRLF. A cell a spreadsheet would run as a formula (starting `=`, `+`, `-`, `@`, tab or
 * carriage return) is prefixed with `'` unless it is a plain number, so an address, memo or label that an attacker
 * chose cannot execute in the user's spreadsheet (CSV injection); signed amounts stay numbers.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(cell: string): string {
  const safe = FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
