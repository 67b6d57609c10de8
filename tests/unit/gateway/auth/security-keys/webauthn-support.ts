import type { SecurityKeyVerifier } from '../../../../../gateway/auth/auth-context';
import { createSecurityKeyVerifier } from '../../../../../gateway/auth/security-keys/webauthn-verifier';
import { FIDO2_PATHS } from '../../../../../gateway/auth/security-keys/webauthn-routes';
import { type AuthHarness, type Browser, makeAuthHarness } from '../auth-support';
import type { SoftAuthenticator } from './webauthn-authenticator';

/** The origin the harness browser sends to unless told otherwise. */
export const ORIGIN = 'http://localhost';
export const PWD = 'Secure-pass-1';

/** A JSON reply of the gateway. */
export interface Reply {
  code: string;
  status?: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely.
  data: any;
}

/** The auth harness with the real security-key verifier, on the harness's database and clock. */
export function makeWebAuthnHarness(): AuthHarness {
  let verifier: SecurityKeyVerifier | undefined;
  const h = makeAuthHarness({ verifySecurityKey: (c, input) => verifier!(c, input) });
  verifier = createSecurityKeyVerifier({ db: h.db, now: () => h.clock.now });
  return h;
}

/** POSTs and reads the envelope. */
export async function call(browser: Browser, path: string, body: unknown = {}, origin?: string): Promise<Reply> {
  return (await (await browser.post(path, body, origin ? { origin } : {})).json()) as Reply;
}

/** A browser signed in as `email` (an account without second factors at that moment), holding step-ups to add and remove a key. */
export async function signedIn(h: AuthHarness, email: string): Promise<Browser> {
  const browser = h.browser();
  const reply = await call(browser, '/v1/user/login', { loginName: email, pwd: PWD });
  if (reply.data?.needVerify !== false) throw new Error(`expected a direct sign-in, got ${JSON.stringify(reply)}`);
  await browser.grantStepUp('fido-add');
  await browser.grantStepUp('fido-remove');
  return browser;
}

/** Registers the authenticator's key for the signed-in browser and returns the reply of `fido2/register`. */
export async function registerKey(
  browser: Browser,
  key: SoftAuthenticator,
  body: Record<string, unknown> = {},
): Promise<Reply> {
  await browser.grantStepUp('fido-add');
  const options = await call(browser, FIDO2_PATHS.registerOptions);
  if (options.code !== '00000') throw new Error(`register/options failed: ${JSON.stringify(options)}`);
  return call(browser, FIDO2_PATHS.register, { response: key.register(options.data, ORIGIN), ...body });
}
