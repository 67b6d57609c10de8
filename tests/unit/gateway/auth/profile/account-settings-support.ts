import { expect } from 'vitest';

/** A reply envelope as the tests read it. */
interface Reply {
  code: string;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely.
  data: any;
}
import { type AuthHarness, type Browser, lastCode, totpAt } from '../auth-support';

/** Password of the accounts the settings tests add. */
export const SETTINGS_PWD = 'Trader-pass-1';
export const SEND_PATH = '/v1/msg/verify-code/send';

/** POSTs a JSON body and returns the reply envelope. */
export async function post(browser: Browser, path: string, body: unknown = {}) {
  return (await browser.post(path, body)).json() as Promise<Reply>;
}

/** GETs a path and returns the reply envelope. */
export async function get(browser: Browser, path: string) {
  return (await browser.get(path)).json() as Promise<Reply>;
}

/** A browser signed in to `loginName` (answering an authenticator step with `totpSecret` when asked). */
export async function signIn(h: AuthHarness, loginName: string, totpSecret?: string): Promise<Browser> {
  const browser = h.browser();
  const reply = await post(browser, '/v1/user/login', { loginName, pwd: SETTINGS_PWD });
  if (reply.data?.needVerify) {
    const codes: Record<string, string> = {};
    if (reply.data.methods.includes('google')) codes.googleCode = totpAt(totpSecret!, h.clock.now);
    if (reply.data.methods.includes('email')) {
      await post(browser, SEND_PATH, { type: 'email', scene: 'login' });
      codes.emailCode = lastCode(h, loginName)!;
    }
    expect((await post(browser, '/v1/user/login/verify-login', codes)).code).toBe('00000');
    h.clock.now += 60_000;
  }
  return browser;
}

/** A made-up JPEG (its magic bytes, then filler) of `size` bytes, base64. */
export function fakeJpeg(size: number): string {
  const bytes = Buffer.alloc(size, 7);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes.toString('base64');
}

/** A made-up WebP header of `size` bytes, base64. */
export function fakeWebp(size: number): string {
  const bytes = Buffer.alloc(size, 1);
  bytes.write('RIFF', 0, 'ascii');
  bytes.write('WEBP', 8, 'ascii');
  return bytes.toString('base64');
}
