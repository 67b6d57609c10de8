import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { bodyTooLarge } from '../http/gateway-error';
import { readLimited } from '../http/read-limited';

/** Reads the request body's bytes without consuming it for the route (a clone is read), stopping past `limitBytes` with a 413. */
export async function readRawBody(c: Context<GatewayEnv>, limitBytes: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw bodyTooLarge(limitBytes);
  // Routes read `c.req.raw.body` as a stream (readJsonBody), so the original must stay unread.
  if (c.req.raw.bodyUsed) return new Uint8Array(await c.req.arrayBuffer());
  const stream = c.req.raw.clone().body;
  if (!stream) return new Uint8Array(0);
  // Past the limit the request ends in a 413 and the route never reads its branch, so that branch is let go.
  return readLimited(stream, limitBytes, c.req.raw.body ?? undefined);
}
