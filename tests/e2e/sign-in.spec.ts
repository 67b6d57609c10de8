import { expect, type Page, test } from '@playwright/test';
import { decodeBase32 } from '../../gateway/auth/second-factors/base32';
import { totp } from '../../gateway/auth/second-factors/totp';
import { mailboxCode } from './support';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };
const SECURE = { email: 'secure@example.com', password: 'Secure-pass-1', secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('sign-in', () => {
  test('password login is encrypted, the session is signed, and sign-out ends it', async ({ page }) => {
    const loginBodies: string[] = [];
    const signedPaths: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/user/login')) loginBodies.push(request.postData() ?? '');
      if (request.headers()['device-sign']) signedPaths.push(new URL(request.url()).pathname);
    });
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    // The form that held the focus is gone; the next page's main landmark has it, not the document body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(loginBodies).toHaveLength(1);
    expect(loginBodies[0]).toContain('bodyCiphertext');
    expect(loginBodies[0]).not.toContain(DEMO.password);
    expect(loginBodies[0]).not.toContain(DEMO.email);
    expect(page.url()).not.toContain('Demo-pass');
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain(DEMO.password);

    await page.reload();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    expect(signedPaths).toContain('/v1/user/overview/userinfo');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
  });

  test('a wrong password shows a localized error and keeps what was typed', async ({ page }) => {
    await signIn(page, DEMO.email, 'Wrong-pass-9');
    await expect(page.getByText('Incorrect account or password.')).toBeVisible();
    await expect(page.getByLabel('Email or phone number')).toHaveValue(DEMO.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Wrong-pass-9');
  });

  test('an account with an authenticator asks for its code, and a right code signs in', async ({ page }) => {
    await signIn(page, SECURE.email, SECURE.password);
    await expect(page.getByRole('heading', { name: 'Verify it is you' })).toBeVisible();
    // Only an authenticator: the step says where the code comes from, not that one was sent.
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await expect(page.getByText('Enter the codes we sent you.')).toHaveCount(0);
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    // Under the field it is about (its alert, named by the input), never a toast over the form.
    const codeField = page.locator('.field').filter({ has: page.getByLabel('Authenticator code') });
    await expect(codeField.getByRole('alert')).toHaveText('The code is wrong or has expired.');
    await expect(page.getByLabel('Authenticator code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.toast')).toHaveCount(0);
    await expect(page.getByLabel('Authenticator code')).toHaveValue('000000');
    const code = totp(decodeBase32(SECURE.secret) ?? new Uint8Array(), Date.now());
    await page.getByLabel('Authenticator code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
  });

  test('a sign-in name that is neither an email nor a phone number is refused under the field, before sending', async ({
    page,
  }) => {
    let logins = 0;
    page.on('request', (request) => {
      if (request.url().includes('/v1/user/login')) logins += 1;
    });
    await signIn(page, 'not an address', DEMO.password);
    await expect(page.getByText('Enter an email address or a phone number.')).toBeVisible();
    await expect(page.getByText(/system is busy/i)).toHaveCount(0);
    await expect(page.getByLabel('Email or phone number')).toHaveValue('not an address');
    expect(logins).toBe(0);
    await page.goto('/ja/login');
    await page.locator('input[name="loginName"]').fill('abc');
    await page.locator('input[name="pwd"]').fill(DEMO.password);
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('メールアドレスまたは電話番号を入力してください。')).toBeVisible();
  });

  test('the sign-in page shows errors in the chosen language', async ({ page }) => {
    await page.goto('/de/login');
    await page.getByRole('textbox').first().fill(DEMO.email);
    await page.locator('input[name="pwd"]').fill('Wrong-pass-9');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('Konto oder Passwort ist falsch.')).toBeVisible();
    await expect(page.getByText('Incorrect account or password.')).toHaveCount(0);
  });

  test("the trading screen's Sign in comes back to the same pair in the same language", async ({ page }) => {
    await page.goto('/ja/spot/ETHUSDT');
    const prompt = page.getByTestId('trade-form-signed-out');
    await expect(prompt).toHaveText(/取引するにはログインしてください/, { timeout: 20_000 });
    await prompt.getByRole('link').click();
    await expect(page).toHaveURL(/\/ja\/login\?redirect=%2Fspot%2FETHUSDT$/);
    await page.locator('input[name="loginName"]').fill(DEMO.email);
    await page.locator('input[name="pwd"]').fill(DEMO.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ja\/spot\/ETHUSDT$/, { timeout: 20_000 });
    await expect(page.getByTestId('trade-form-signed-out')).toHaveCount(0);
  });

  test('the sign-in page computes the device fingerprint as the terminal code', async ({ page }) => {
    await page.goto('/login');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('global_terminal_code') ?? ''), { timeout: 10_000 })
      .toMatch(/^[A-Za-z0-9]{16,64}$/);
  });
});

test.describe('new-device step', () => {
  const CAREFUL = { email: 'careful@example.com', password: 'Careful-pass-1' };

  test('asks a new browser for the mailed code; a browser that signed in before proves it with its key instead', async ({
    page,
    request,
  }) => {
    const checks: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/v1/user/login/check-device'))
        checks.push(JSON.stringify((await response.json()).data));
    });
    await signIn(page, CAREFUL.email, CAREFUL.password);
    await expect(page.getByLabel('New device code')).toBeVisible();
    // This browser holds no key pair of this account yet: it has nothing to prove, sends no check, and the code is asked for.
    expect(checks).toEqual([]);
    await page.getByLabel('New device code').fill(await mailboxCode(request, CAREFUL.email, { scene: 'system' }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();

    // The browser's login key changes (its backup pair is gone, as after a new key size), so its next login envelope
    // carries a key the account has never seen; the pair bound to the account at the last sign-in is still here.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('ds1-keys');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('keys', 'readwrite').objectStore('keys');
            const cursor = store.openCursor();
            cursor.onsuccess = () => {
              const row = cursor.result;
              if (!row) return resolve();
              if (String(row.key).startsWith('a:')) row.delete();
              row.continue();
            };
          };
        }),
    );
    await page.reload();
    checks.length = 0;
    await signIn(page, CAREFUL.email, CAREFUL.password);
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    // The listener reads the check's body after the page has moved on: wait for it rather than race it.
    await expect.poll(() => checks.length).toBe(1);
    expect(JSON.parse(checks[0]!)).toMatchObject({ needVerify: false });
    await expect(page.getByLabel('New device code')).toHaveCount(0);
  });
});
