/**
 * The one way HTML reaches the page (spec §5, ARCHITECTURE principle 5): DOMPurify with the allow-list below and the
 * §5 link rules (engine/rules/link-targets.ts), behind the `app-html` Trusted Types policy the CSP names. The default
 * policy (./trusted-types.ts) refuses every other HTML string, so a sink only accepts what came through here.
 */
import createDOMPurify, { type Config, type DOMPurify, type UponSanitizeAttributeHookEvent } from 'dompurify';
import {
  checkLinkTarget,
  linkRel,
  linkTarget,
  linkTargetPattern,
  PRODUCT_DOMAIN_FAMILY,
} from '../../engine/rules/link-targets';
import { HOSTED_IMAGE_PATH, HOSTED_PATH_ATTRIBUTE } from './image-host-source';

/** The Trusted Types policy that produces HTML (named in the CSP's `trusted-types` list). */
export const APP_HTML_POLICY = 'app-html';

/** Tags announcements and coin descriptions may use; any other is dropped, its text kept. */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'img',
  'span',
  'hr',
] as const;

/** Attributes kept: no style, class, id, name, data-*, aria-* or event handler. */
export const ALLOWED_ATTRIBUTES = [
  'href',
  'src',
  'alt',
  'title',
  'target',
  'rel',
  'width',
  'height',
  'colspan',
  'rowspan',
] as const;

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP: linkTargetPattern(),
  // DOMPurify tests every attribute not named here against the URI pattern; only href and src are link targets.
  ADD_URI_SAFE_ATTR: ['target', 'rel', 'width', 'height', 'colspan', 'rowspan'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Already DOMPurify's default; said here because §5 requires these bodies to go with their tags.
  ADD_FORBID_CONTENTS: ['script', 'noscript'],
  // Parse as body content, as the sink will: a leading <noscript> or <style> must not be read as head markup, whose
  // parsing would lift the noscript's body out of it.
  FORCE_BODY: true,
};

interface HtmlPolicy {
  createHTML(input: string): TrustedHTML;
}

interface HtmlPolicyFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): HtmlPolicy;
}

let purifier: DOMPurify | null = null;
// undefined until first use; null where the browser has no Trusted Types (then the sink takes the clean string).
let policy: HtmlPolicy | null | undefined;

/**
 * Sanitizes an untrusted HTML string for an `innerHTML` sink (spec §5): a `TrustedHTML` from the `app-html` policy
 * where Trusted Types exist, the sanitized string elsewhere.
 */
export function sanitizeHtml(html: string): TrustedHTML | string {
  if (policy === undefined) policy = createHtmlPolicy();
  return policy === null ? purify(html) : policy.createHTML(html);
}

function createHtmlPolicy(): HtmlPolicy | null {
  const factory = (globalThis as { trustedTypes?: HtmlPolicyFactory }).trustedTypes;
  return factory ? factory.createPolicy(APP_HTML_POLICY, { createHTML: purify }) : null;
}

function purify(html: string): string {
  if (purifier === null) purifier = createPurifier();
  // DOMPurify parses through its own `dompurify` policy (also in the CSP list); the string goes back to our policy.
  return purifier.sanitize(withoutReportedMarkup(String(html)));
}

// The tokenizer's pieces, with HTML's whitespace (not JavaScript's `\s`). Each repeated part stops where the next one
// must begin, and nothing after a matched `<` can fail, so no match is ever retried: each scan is linear in its input.
const WS = '\\t\\n\\f\\r ';
const ENDS_NAME = `(?![^${WS}/>])`;
const NAME = `[^${WS}/>][^${WS}/>=]*`;
const VALUE = `[${WS}]*=[${WS}]*(?:"[^"]*"?|'[^']*'?|[^${WS}>]*)`;
const REST_OF_TAG = `(?:[${WS}/]*${NAME}(?:${VALUE})?)*[${WS}/]*>?`;
const COMMENT = '<!--(?:-?>|[\\s\\S]*?(?:--!?>|$))|<(?:[!?]|/(?![a-z]))[^>]*>?';
// A style element with its body, to its end tag (or the end of input, as the parser takes it).
const STYLE_ELEMENT = `<style${ENDS_NAME}${REST_OF_TAG}[\\s\\S]*?(?:</style${ENDS_NAME}[^>]*>?|$)`;
const TAG = `</?[a-z][^${WS}/>]*${REST_OF_TAG}`;
// Where HTML (outside SVG and MathML) reads no tags: the text up to the element's end tag is kept as it is.
const RAW_TEXT = `<(textarea|title|xmp|iframe|noembed|noframes|script)${ENDS_NAME}${REST_OF_TAG}[\\s\\S]*?(?=</\\1${ENDS_NAME}|$)|<plaintext${ENDS_NAME}${REST_OF_TAG}[\\s\\S]*`;
// Inside SVG and MathML the same elements' text is markup, so each input is read both ways.
const AS_HTML = new RegExp(`${COMMENT}|${STYLE_ELEMENT}|${RAW_TEXT}|${TAG}`, 'gi');
const AS_FOREIGN = new RegExp(`${COMMENT}|${STYLE_ELEMENT}|${TAG}`, 'gi');
const START_TAG = new RegExp(`<([a-z][^${WS}/>]*)(${REST_OF_TAG})`, 'iy');
const ATTRIBUTE = new RegExp(`([${WS}/]*)(${NAME})((?:${VALUE})?)`, 'g');

/**
 * Removes before parsing what the page's CSP would block and report while DOMPurify parses, even in its detached
 * document (inline event handlers and style attributes on any start tag, SVG and MathML included; style elements with
 * their bodies; base elements), so reading a hostile or styled announcement sends no reports; not a security step,
 * since DOMPurify sanitizes whatever this leaves and keeps none of what it removes.
 */
export function withoutReportedMarkup(html: string): string {
  return html.replace(AS_HTML, cleanMarkup).replace(AS_FOREIGN, cleanMarkup);
}

function cleanMarkup(markup: string): string {
  if (markup[1] === '!' || markup[1] === '?' || markup[1] === '/') return markup;
  START_TAG.lastIndex = 0;
  const tag = START_TAG.exec(markup);
  if (tag === null) return markup;
  const name = tag[1]!.toLowerCase();
  if (name === 'style' || name === 'base') return '';
  const attributes = tag[2]!.replace(ATTRIBUTE, (attribute, separator: string, attributeName: string) =>
    isReportedAttribute(attributeName) ? separator : attribute,
  );
  // A raw-text element's text follows its start tag and stays as it is.
  return `<${tag[1]}${attributes}${markup.slice(START_TAG.lastIndex)}`;
}

// `on…` is every event handler (and no attribute the allow-list keeps); `style` is blocked by `style-src`.
function isReportedAttribute(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('on') || lower === 'style';
}

// A private instance configured once, so no other import of DOMPurify can change its hooks or settings.
function createPurifier(): DOMPurify {
  const instance = createDOMPurify(window);
  instance.setConfig(CONFIG);
  instance.addHook('uponSanitizeAttribute', checkUrlAttribute);
  instance.addHook('afterSanitizeAttributes', settleLink);
  instance.addHook('afterSanitizeAttributes', holdHostedImage);
  return instance;
}

function checkUrlAttribute(node: Element, event: UponSanitizeAttributeHookEvent): void {
  const attribute = event.attrName;
  if (attribute !== 'href' && attribute !== 'src') return;
  const element = node.nodeName.toLowerCase();
  if ((attribute === 'href' && element !== 'a') || (attribute === 'src' && element !== 'img')) {
    event.keepAttr = false;
    return;
  }
  if (checkLinkTarget(event.attrValue, { element, attribute }) === 'allowed') return;
  console.warn('invalid href', event.attrValue);
  event.attrValue = '';
}

function settleLink(node: Element): void {
  if (node.nodeName !== 'A') {
    node.removeAttribute('target');
    node.removeAttribute('rel');
    return;
  }
  const href = node.getAttribute('href');
  const target = href === null ? null : linkTarget(node.getAttribute('target'));
  if (target === null) node.removeAttribute('target');
  else node.setAttribute('target', target);
  if (href === null) {
    node.removeAttribute('rel');
    return;
  }
  const family = [...productDomains, location.hostname];
  const rel = linkRel({ rel: node.getAttribute('rel'), host: hostOf(href), opensNewTab: target !== null, family });
  if (rel === '') node.removeAttribute('rel');
  else node.setAttribute('rel', rel);
}

// An image the hosts serve (`/img/…`) keeps its path in HOSTED_PATH_ATTRIBUTE instead of a `src`: it must not load from
// this origin first; RichText puts it on the session's fastest host (spec §7.8).
function holdHostedImage(node: Element): void {
  if (node.nodeName !== 'IMG') return;
  const src = node.getAttribute('src');
  if (src === null || !HOSTED_IMAGE_PATH.test(src)) return;
  node.removeAttribute('src');
  node.setAttribute(HOSTED_PATH_ATTRIBUTE, src);
}

// The product's domain family: the build's VITE_PRODUCT_DOMAINS (comma-separated), else the engine's default.
const productDomains: readonly string[] = (() => {
  const configured = (import.meta.env.VITE_PRODUCT_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => /^[a-z0-9.-]+$/.test(domain));
  return configured.length > 0 ? configured : PRODUCT_DOMAIN_FAMILY;
})();

// The host a link opens, as the browser resolves it; null for schemes without one (mailto:, tel:, app schemes).
function hostOf(href: string): string | null {
  try {
    const url = new URL(href, location.href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.hostname : null;
  } catch {
    return null;
  }
}
