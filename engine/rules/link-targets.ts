/**
 * Link targets and link relations in displayed HTML (spec §5), pure: which `href`/`src` values may stay, the
 * `javascript:` test that sees through entity and whitespace tricks, the product's domain family, and the `rel` and
 * `target` a sanitized link ends with. The DOM side is src/security/sanitize-html.ts.
 */
import { APP_SCHEME, DEFAULT_ALT_SCHEME } from './deep-links';

/**
 * The product's app schemes a link may use (spec §5): `app` inside the app and the alternative scheme outside it.
 * Both are build settings (contracts/bridge.md §6); these are their defaults, shared with the deep-link builder.
 */
export const LINK_APP_SCHEMES: readonly string[] = [APP_SCHEME, DEFAULT_ALT_SCHEME];

/**
 * The product's own domain family (spec §5), a setting: a link to one of these domains or any subdomain of it keeps
 * its search-engine credit (no `nofollow`). The page's own host is added by the caller.
 */
export const PRODUCT_DOMAIN_FAMILY: readonly string[] = ['exchange.com'];

/** What the §5 rule says of one `href` or `src` value. */
export type LinkTargetVerdict =
  /** Kept as it is (an empty value counts: there is nothing to load or open). */
  | 'allowed'
  /** Not one of the allowed beginnings: emptied with the warning "invalid href". */
  | 'invalid'
  /** Contains `javascript:` once decoded: emptied. */
  | 'script';

/** Where a value stands: `data:image/` is an image source only, never a link. */
export interface LinkTargetPlace {
  /** Lower-case element name, e.g. `a`, `img`. */
  element: string;
  attribute: 'href' | 'src';
}

// Beginnings of spec §5 besides the app schemes and `data:image/` (compared in lower case).
const ALLOWED_BEGINNINGS = ['#', 'http:', 'https:', 'mailto:', 'tel:', 'blob:', 'market:', 'ftp:', './', '../', '/'];
const DATA_IMAGE = 'data:image/';

// A few named references spell the characters a scheme needs; numeric ones cover everything else.
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
  amp: '&',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
  semi: ';',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
};
// Semicolons optional and names in any case: stricter than a browser, which is the safe side here.
const CHARACTER_REFERENCE = /&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi;
// C0 and C1 controls, space, and the invisible or blank characters a browser or a reader may skip.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;
// WHATWG URL parsing drops leading/trailing C0 controls and spaces, and tabs and line breaks anywhere.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the URL parser trims.
const URL_EDGE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_TAB_OR_NEWLINE = /[\t\n\r]/g;
// Each round undoes one layer of `&amp;` escaping; more layers than this is refused outright.
const MAX_DECODE_ROUNDS = 8;

function decodeReferences(text: string): string {
  return text.replace(CHARACTER_REFERENCE, (whole, hex: string | undefined, decimal: string | undefined, name) => {
    if (name !== undefined) return NAMED_REFERENCES[String(name).toLowerCase()] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(decimal ?? '', 10);
    // Browsers turn NUL and out-of-range references into U+FFFD; either way nothing a scheme can use.
    return Number.isSafeInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

/**
 * True when a value contains `javascript:` after decoding character references (repeatedly, so `&amp;#106;` counts),
 * removing whitespace and control characters and lower-casing (spec §5 "strings containing javascript: are emptied").
 */
export function containsJavaScriptScheme(value: string): boolean {
  let text = value;
  for (let round = 0; ; round += 1) {
    const compact = text.replace(INVISIBLE, '').toLowerCase();
    if (compact.includes('javascript:')) return true;
    const decoded = decodeReferences(text);
    if (decoded === text) return false;
    if (round === MAX_DECODE_ROUNDS) return true;
    text = decoded;
  }
}

/**
 * The §5 verdict on one `href` or `src` value: allowed only when it is empty or begins with `#`, `http:`, `https:`,
 * `mailto:`, `tel:`, `blob:`, an app scheme, `market:`, `ftp:`, `./`, `../` or `/`, or `data:image/` on an image
 * source; anything containing `javascript:` is 'script'. Protocol-relative values (`//host`, `/\host`) begin with
 * `/` but leave the page's origin like a full URL without saying so; they are refused as 'invalid'.
 */
export function checkLinkTarget(
  value: string,
  place: LinkTargetPlace,
  appSchemes: readonly string[] = LINK_APP_SCHEMES,
): LinkTargetVerdict {
  if (containsJavaScriptScheme(value)) return 'script';
  // Read the value the way the URL parser will, so the check and the browser see the same beginning.
  const target = value.replace(URL_EDGE, '').replace(URL_TAB_OR_NEWLINE, '').toLowerCase();
  if (target === '') return 'allowed';
  // Browsers read `\` as `/` in http(s) URLs, so `/\evil.example` is protocol-relative too.
  if (/^[/\\]{2}/.test(target)) return 'invalid';
  if (target.startsWith(DATA_IMAGE)) {
    return place.element === 'img' && place.attribute === 'src' ? 'allowed' : 'invalid';
  }
  if (ALLOWED_BEGINNINGS.some((beginning) => target.startsWith(beginning))) return 'allowed';
  return appSchemes.some((scheme) => target.startsWith(`${scheme.toLowerCase()}:`)) ? 'allowed' : 'invalid';
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * The §5 beginnings as one pattern for DOMPurify's `ALLOWED_URI_REGEXP` (tested against the value with all
 * whitespace removed), a second net under {@link checkLinkTarget}, which also decides `data:image/` by place.
 */
export function linkTargetPattern(appSchemes: readonly string[] = LINK_APP_SCHEMES): RegExp {
  const schemes = [...appSchemes, 'https?', 'mailto', 'tel', 'blob', 'market', 'ftp']
    .map((scheme) => (scheme === 'https?' ? scheme : escapeForPattern(scheme.toLowerCase())))
    .join('|');
  return new RegExp(`^(?:#|(?:${schemes}):|data:image\\/|\\.\\.?\\/|\\/(?![/\\\\]))`, 'i');
}

/**
 * True when a host is one of the family's domains or a subdomain of one (spec §5): `exchange.com` and
 * `news.exchange.com` match `exchange.com`; `evil-exchange.com` and `exchange.com.evil.io` do not.
 */
export function isInDomainFamily(host: string, family: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === '') return false;
  return family.some((entry) => {
    const domain = entry.toLowerCase().replace(/\.$/, '');
    return domain !== '' && (name === domain || name.endsWith(`.${domain}`));
  });
}

// Author-written rel tokens worth keeping; `opener` and anything unknown are dropped.
const KEPT_REL_TOKENS = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored', 'external']);

/** What decides a sanitized link's `rel`. */
export interface LinkRelInput {
  /** The author's `rel`, if any. */
  rel: string | null;
  /** The host the link opens, or null when it has none (`mailto:`, app schemes, an emptied target). */
  host: string | null;
  /** True when the link opens in a new tab (`target="_blank"`). */
  opensNewTab: boolean;
  /** The product's domain family, the page's own host included. */
  family: readonly string[];
}

/**
 * The `rel` of a sanitized link (spec §5): `nofollow` unless its host is in the product's domain family, and
 * `noopener noreferrer` when it opens in a new tab; known author tokens kept, `opener` never. Empty when none apply.
 */
export function linkRel(input: LinkRelInput): string {
  const tokens = new Set(
    (input.rel ?? '')
      .toLowerCase()
      .split(/[\t\n\f\r ]+/)
      .filter((token) => KEPT_REL_TOKENS.has(token)),
  );
  if (input.host === null || !isInDomainFamily(input.host, input.family)) tokens.add('nofollow');
  if (input.opensNewTab) {
    tokens.add('noopener');
    tokens.add('noreferrer');
  }
  return [...tokens].join(' ');
}

/** The `target` a sanitized link keeps: `_blank` (any case, trimmed) or none, so content cannot name our frames. */
export function linkTarget(target: string | null): '_blank' | null {
  return target !== null && target.trim().toLowerCase() === '_blank' ? '_blank' : null;
}
