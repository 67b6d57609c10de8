import { expect, type Page, test } from '@playwright/test';
import { watchCspViolations } from './support';

interface Envelope {
  code: string;
  data: Record<string, unknown> | null;
}

const isSignReply = (response: { url(): string; request(): { method(): string } }) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/v1/user/public/third/oauth/sign';

/** An email of its own per test run, so parallel runs never share an identity. */
const freshEmail = () => `oidc${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * On /login: the provider's button → the local provider's page → an email → back at /login/oauth/<provider>;
 * returns the gateway's `oauth/sign` reply and the return address the provider sent the browser to.
 */
async function signInThroughDevProvider(page: Page, provider: 'google' | 'apple', email: string, hide = false) {
  await page.goto('/login');
  const name = provider === 'google' ? 'Sign in with Google' : 'Sign in with Apple';
  await page.getByRole('button', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/dev/oidc/${provider}/interaction/`));
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (hide) await page.getByLabel(/Hide my email/).check();
  let back = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes(`/login/oauth/${provider}?`)) back = frame.url();
  });
  const signed = page.waitForResponse(isSignReply);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const reply = (await (await signed).json()) as Envelope;
  return { reply, back };
}

test.describe('Sign in with Google and Apple (local OpenID providers)', () => {
  test('Google: button, provider page, back with an unbound identity carrying the verified email, within the CSP', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    const email = freshEmail();
    const { reply, back } = await signInThroughDevProvider(page, 'google', email);
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({ bound: false, provider: 'google', label: email, email });
    expect(back).toMatch(/\/login\/oauth\/google\?code=[^&]+&state=/);
    // The callback hands the reply to the sign-in page.
    await expect(page).toHaveURL(/\/login$/);
    expect(await violations()).toEqual([]);
  });

  test('Apple with a hidden email: a relay address; the same return address again is refused, localized', async ({
    page,
  }) => {
    const { reply, back } = await signInThroughDevProvider(page, 'apple', freshEmail(), true);
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({ bound: false, provider: 'apple' });
    expect(String(reply.data?.email)).toMatch(/@privaterelay\.appleid\.com$/);
    await expect(page).toHaveURL(/\/login$/);
    // Replaying the provider's return (same code and state) signs nobody in and says so.
    let signCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/third/oauth/sign')) signCalls++;
    });
    await page.goto(back);
    await expect(page.getByTestId('oidc-problem')).toHaveText(
      'This sign-in link is no longer valid. Please start again.',
    );
    await page.getByTestId('oidc-back').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(signCalls).toBe(0);
  });

  test('the callback in German says why it stopped, in German', async ({ page }) => {
    await page.goto('/de/login/oauth/google?code=forged&state=AAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByTestId('oidc-problem')).toHaveText(
      'Dieser Anmeldelink ist nicht mehr gültig. Bitte beginne erneut.',
    );
    await expect(page.getByTestId('oidc-back')).toHaveText('Zurück zur Anmeldung');
  });
});
