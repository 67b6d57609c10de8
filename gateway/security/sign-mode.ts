/** One part a request signature covers (contract §4); `h:<name>` covers a request header. */
export type SignItem = 'path' | 'time' | 'traceId' | 'body' | `h:${string}`;

/** The three levels of spec §7.7: "1" path + time, "2" + traceId, "3" + body. */
export const SIGN_LEVELS: Readonly<Record<'1' | '2' | '3', readonly SignItem[]>> = {
  '1': ['path', 'time'],
  '2': ['path', 'time', 'traceId'],
  '3': ['path', 'time', 'traceId', 'body'],
};

/** Mode that applies when no `signModes` entry matches (contract §4). */
export const DEFAULT_SIGN_MODE = '1';

const MAX_MODE_CHARS = 512;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses "1", "2", "3" or a custom comma list of `path,time,traceId,body,h:<header-name>`; null when malformed or repeated. */
export function parseSignMode(mode: string): readonly SignItem[] | null {
  if (mode === '1' || mode === '2' || mode === '3') return SIGN_LEVELS[mode];
  if (mode.length === 0 || mode.length > MAX_MODE_CHARS) return null;
  const items = mode.split(',');
  const seen = new Set<string>();
  for (const item of items) {
    const valid = item === 'path' || item === 'time' || item === 'traceId' || item === 'body' || isHeaderItem(item);
    const id = coverageId(item);
    if (!valid || seen.has(id)) return null;
    seen.add(id);
  }
  return items as SignItem[];
}

/** True when a sent mode covers everything the required one does; path and time are in every signed text, so always covered. */
export function modeCovers(sent: readonly SignItem[], required: readonly SignItem[]): boolean {
  const covered = new Set(['path', 'time', ...sent.map(coverageId)]);
  return required.every((item) => covered.has(coverageId(item)));
}

/** The request facts a signed text is built from (contract §4). */
export interface SignedRequestParts {
  /** The mode string exactly as sent in `device-sign-mode`. */
  mode: string;
  method: string;
  /** Path with the query exactly as sent. */
  pathWithQuery: string;
  time8: string;
  traceId: string;
  /** hex(MD5(raw body bytes)); needed only when the mode covers the body. */
  bodyMd5?: string;
  /** A request header's value ("" when absent). */
  header(name: string): string;
}

/** Builds the text a core request signs: `DS1`, mode, METHOD, path+query, time8, then the mode's extra items in order, LF-joined (contract §4). */
export function signedRequestText(items: readonly SignItem[], parts: SignedRequestParts): string {
  const lines = ['DS1', parts.mode, parts.method.toUpperCase(), parts.pathWithQuery, parts.time8];
  for (const item of items) {
    if (item === 'traceId') lines.push(parts.traceId);
    else if (item === 'body') lines.push(parts.bodyMd5 ?? '');
    else if (item.startsWith('h:')) lines.push(`${item}:${parts.header(item.slice(2))}`);
  }
  return lines.join('\n');
}

function isHeaderItem(item: string): boolean {
  return item.startsWith('h:') && HEADER_NAME.test(item.slice(2));
}

/** Header names are case-insensitive, so `h:X-A` and `h:x-a` cover the same thing. */
function coverageId(item: string): string {
  return item.startsWith('h:') ? item.toLowerCase() : item;
}
