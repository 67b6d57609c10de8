import type { Context } from 'hono';
import type { GatewayEnv } from './gateway-env';
import { bodyTooLarge, jsonTooDeep, malformedJson, unsupportedMediaType } from './gateway-error';
import { readLimited } from './read-limited';

/** Default limit of a request body (64 KiB). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Deepest nesting of arrays and objects a body may have; no route reads past a few levels. */
export const MAX_JSON_DEPTH = 64;
/** The content types a JSON route reads. */
export const JSON_TYPES: ReadonlySet<string> = new Set(['application/json']);

/** How `readJsonBody` reads: the size limit and the content types it accepts. */
export interface JsonBodyOptions {
  /** Other types the route's senders use (browsers send CSP reports as `application/csp-report`). */
  types?: ReadonlySet<string>;
}

/** The media type of a Content-Type header, lower case and without parameters ("" when absent). */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Reads the request body as JSON, stopping as soon as it passes `limitBytes`; an empty body reads as null. A body
 * with another content type is refused (415) rather than guessed at, and one nested deeper than MAX_JSON_DEPTH (400).
 */
export async function readJsonBody(
  c: Context<GatewayEnv>,
  limitBytes = DEFAULT_BODY_LIMIT,
  options: JsonBodyOptions = {},
): Promise<unknown> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw bodyTooLarge(limitBytes);
  const stream = c.req.raw.body;
  if (!stream) return null;
  const bytes = await readLimited(stream, limitBytes);
  if (bytes.every(isJsonWhitespace)) return null;
  if (!(options.types ?? JSON_TYPES).has(mediaTypeOf(c.req.header('content-type')))) throw unsupportedMediaType();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformedJson();
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH) throw jsonTooDeep(MAX_JSON_DEPTH);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw malformedJson();
  }
}

/** Space, tab, line feed and carriage return: what JSON allows around a value. */
const isJsonWhitespace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** The deepest nesting of `[` and `{` in JSON text, strings skipped (a linear scan, so it costs less than the parse). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}
