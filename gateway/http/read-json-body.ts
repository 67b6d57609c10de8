import type { Context } from 'hono';
import type { GatewayEnv } from './gateway-env';
import { bodyTooLarge, malformedJson } from './gateway-error';
import { readLimited } from './read-limited';

/** Default limit of a request body (64 KiB). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Reads the request body as JSON, stopping as soon as it passes `limitBytes`; an empty body reads as null. */
export async function readJsonBody(c: Context<GatewayEnv>, limitBytes = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw bodyTooLarge(limitBytes);
  const stream = c.req.raw.body;
  if (!stream) return null;
  const bytes = await readLimited(stream, limitBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformedJson();
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw malformedJson();
  }
}
