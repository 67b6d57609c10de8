import { expect } from 'vitest';

/**
 * Expects the answer a `/v1` route gives a request it refuses to read (a refused field, bad JSON, an area's own 400
 * code): HTTP 200 `{status:"error", code, msg, data:null}` (spec §8, `replyError`), with `code`, and a message naming
 * `field` when one is given. Returns the reply.
 */
export async function expectRefused(
  res: Response,
  code: string,
  field?: string,
  label?: string,
): Promise<{ status: string; code: string; msg: string; data: unknown }> {
  const reply = await res.json();
  expect([res.status, reply.status, reply.code, reply.data], label ?? reply.msg).toEqual([200, 'error', code, null]);
  if (field !== undefined) expect(reply.msg, label).toContain(field);
  return reply;
}
