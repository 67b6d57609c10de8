import { expect } from 'vitest';
import type { UserRecord } from '../../../../../gateway/auth/user-store';
import { type AuthHarness, type Browser, PROBE_PATH } from '../auth-support';

/** The password every test account gets. */
export const PASSWORD = 'Family-pass-1';

/** What a JSON reply is read as in these tests. */
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
export type Reply = { code: string; msg: string; status?: string; data: any };

/** Makes a main account and a browser signed in to it. */
export async function signedInMain(h: AuthHarness, email: string): Promise<{ user: UserRecord; browser: Browser }> {
  const user = await h.addUser({ email, password: PASSWORD });
  const browser = h.browser();
  const res = await browser.post('/v1/user/login', { loginName: email, pwd: PASSWORD });
  expect((await res.json()).code).toBe('00000');
  return { user, browser };
}

/** POSTs and reads the JSON reply. */
export async function postJson(browser: Browser, path: string, body: unknown): Promise<Reply> {
  return (await browser.post(path, body)).json();
}

/** GETs and reads the JSON reply. */
export async function getJson(browser: Browser, path: string): Promise<Reply> {
  return (await browser.get(path)).json();
}

/** Creates a sub-account and returns its user id (the reply must be a success). */
export async function createSub(browser: Browser, name: string): Promise<string> {
  await browser.grantStepUp('sub-create');
  const reply = await postJson(browser, '/v1/user/sub/create', { name });
  expect(reply.code, reply.msg).toBe('00000');
  return reply.data.userId;
}

/** The `{ sessionId, userId }` the gateway sees for this browser, or null. */
export async function sessionSeen(browser: Browser): Promise<{ sessionId: string; userId: string } | null> {
  return (await (await browser.get(PROBE_PATH)).json()).session;
}

/** The exact refusal of a switch the session may not make. */
export const REFUSED = { status: 'error', code: '40301', msg: 'This account cannot be switched to', data: null };
