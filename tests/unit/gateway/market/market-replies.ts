import { expect } from 'vitest';
import type { TestApp } from '../support';

/** Reads a public market endpoint's replies from a test gateway: the raw reply, or the data of a success. */
export function marketReplies(app: () => TestApp['app']) {
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
  async function reply(path: string): Promise<{ status: number; body: any }> {
    const res = await app().request(path);
    return { status: res.status, body: await res.json() };
  }
  async function data(path: string) {
    const { status, body } = await reply(path);
    expect(status, path).toBe(200);
    expect(body).toMatchObject({ code: '00000', msg: 'success', requestTime: expect.any(Number) });
    return body.data;
  }
  return { reply, data };
}
