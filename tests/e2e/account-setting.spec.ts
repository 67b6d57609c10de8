import { deflateSync } from 'node:zlib';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { decodeBase32 } from '../../gateway/auth/second-factors/base32';
import { totp } from '../../gateway/auth/second-factors/totp';
import { confirmStepUp, mailboxCode, registerFresh, seriousA11yViolations, watchCspViolations } from './support';

const PASSWORD = 'Fresh-pass-1';

/** A real PNG of `width`×`height` (a colour gradient), so the page's canvas has something to decode and shrink. */
function gradientPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([x % 256, y % 256, (x * y) % 256], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs `email` in on a new browser context (another device) and returns its page. */
async function signInElsewhere(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.200.1.2' } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="loginName"]').fill(email);
  await page.locator('input[name="pwd"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 20_000 });
  return page;
}

/** The newest dev-mailbox messages to `target`. */
async function mailboxTexts(request: APIRequestContext, target: string): Promise<string[]> {
  const reply = await (await request.get(`/dev/mailbox.json?target=${encodeURIComponent(target)}&limit=20`)).json();
  return (reply.data as { text: string }[]).map((entry) => entry.text);
}

test.describe('account settings', () => {
  test('a new user changes the nickname and picture, and sets an anti-phishing code every mail then carries', async ({
    page,
    request,
  }) => {
    const cspViolations = await watchCspViolations(page);
    const { email } = await registerFresh(page, request, 'set-');
    await page.goto('/account/setting');
    await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Account settings | Exchange');

    const profile = page.getByTestId('settings-profile');
    await profile.getByLabel('Nickname').fill('x');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('alert')).toHaveText('Enter a nickname of 2 to 20 characters, without < or >.');
    await profile.getByLabel('Nickname').fill('Moon trader');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    await profile.getByLabel('Choose picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: gradientPng(640, 480),
    });
    const avatar = profile.getByTestId('settings-avatar');
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /^data:image\/(webp|jpeg);base64,/);
    // Shrunk in the page before upload: at most 256 on its longer side, the aspect ratio kept.
    const natural = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(natural).toEqual([256, 192]);
    await profile.getByLabel('Choose picture').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(profile.getByRole('alert')).toHaveText('Choose a picture file.');

    await page.reload();
    await expect(page.getByTestId('settings-profile').getByLabel('Nickname')).toHaveValue('Moon trader');
    await expect(page.getByTestId('settings-avatar')).toBeVisible();

    const phishing = page.getByTestId('settings-anti-phishing');
    await expect(page.getByTestId('settings-anti-phishing-value')).toHaveText('Not set');
    await phishing.getByRole('button', { name: 'Set up' }).click();
    await phishing.getByLabel('Anti-phishing code', { exact: true }).fill('ab!');
    await phishing.getByRole('button', { name: 'Save' }).click();
    await expect(phishing.getByRole('alert')).toHaveText('4 to 20 letters or digits.');
    await phishing.getByLabel('Anti-phishing code', { exact: true }).fill('Moon42');
    await phishing.getByRole('button', { name: 'Save' }).click();
    await confirmStepUp(page, request, email);
    await expect(page.getByTestId('settings-anti-phishing-value')).toHaveText('M****2');

    // The next mail to this account (a password-reset code) carries the code, in the dev mailbox page too.
    const reset = await request.post('/v1/msg/verify-code/send', {
      data: { type: 'email', scene: 'reset', email },
      headers: { 'x-forwarded-for': '10.201.3.4' },
    });
    expect((await reset.json()).code).toBe('00000');
    const texts = await mailboxTexts(request, email);
    expect(texts[0]).toContain('Anti-phishing code: Moon42.');
    await page.goto('/dev/mailbox');
    await expect(
      page.getByText(/Anti-phishing code: Moon42\. Your verification code to choose a new password/),
    ).toBeVisible();
    expect(await cspViolations()).toEqual([]);
  });

  test('changing the password after a step-up signs the other device out and keeps this one', async ({
    page,
    request,
    browser,
  }) => {
    const { email } = await registerFresh(page, request, 'setpw-');
    const laptop = await signInElsewhere(browser, email);
    await page.goto('/account/setting');
    const section = page.getByTestId('settings-login-password');
    await section.getByRole('button', { name: 'Change' }).click();
    await section.getByLabel('Current password', { exact: true }).fill('Wrong-pass-9');
    await section.getByLabel('New password', { exact: true }).fill('Newer-pass-2');
    await section.getByLabel('Repeat the new password', { exact: true }).fill('Newer-pass-2');
    await section.getByRole('button', { name: 'Save' }).click();
    await confirmStepUp(page, request, email);
    await expect(section.getByRole('alert')).toHaveText('The current password is wrong.');
    // What was typed stays; the grant is still there for the corrected attempt.
    await expect(section.getByLabel('New password', { exact: true })).toHaveValue('Newer-pass-2');
    await section.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password changed. Your other devices have been signed out.')).toBeVisible();

    await laptop.goto('/account/setting');
    await expect(laptop.getByTestId('sign-in-link')).toBeVisible();
    await expect(laptop.getByTestId('settings-signed-out')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await laptop.context().close();
  });

  test('changes the email with a code to the new address, then sets a fund password unlike the login one', async ({
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'setmail-');
    const fresh = email.replace('setmail-', 'moved-');
    await page.goto('/account/setting');
    const mail = page.getByTestId('settings-email');
    await mail.getByRole('button', { name: 'Change' }).click();
    await mail.getByLabel('New email').fill(fresh);
    await mail.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Code sent. Check the new address.')).toBeVisible();
    await mail.getByLabel('Code sent to the new address').fill(await mailboxCode(request, fresh, { scene: 'bind' }));
    await mail.getByRole('button', { name: 'Confirm' }).click();
    await confirmStepUp(page, request, email);
    await expect(page.getByText('Saved. Your other devices have been signed out.')).toBeVisible();
    await expect(mail).toContainText(`${fresh[0]}***@example.com`);

    // The account's step-ups now go to the new address.
    const fund = page.getByTestId('settings-fund-password');
    await expect(fund).toContainText('Not set');
    await fund.getByRole('button', { name: 'Set up' }).click();
    await fund.getByLabel('New fund password', { exact: true }).fill(PASSWORD);
    await fund.getByLabel('Repeat the new password', { exact: true }).fill(PASSWORD);
    await fund.getByRole('button', { name: 'Save' }).click();
    await confirmStepUp(page, request, fresh);
    await expect(fund.getByRole('alert')).toHaveText('The fund password must differ from the login password.');
    await fund.getByLabel('New fund password', { exact: true }).fill('Fund-pass-77');
    await fund.getByLabel('Repeat the new password', { exact: true }).fill('Fund-pass-77');
    await fund.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Fund password saved.')).toBeVisible();
    await expect(fund).toContainText('Set');
    await expect(fund).not.toContainText('Not set');
  });

  test('binds the authenticator with a code computed from the shown secret, then a sign-in asks for it', async ({
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'setotp-');
    await page.goto('/account/setting');
    const section = page.getByTestId('settings-google');
    await expect(section).toContainText('Not bound');
    await section.getByRole('button', { name: 'Set up' }).click();
    await expect(section.getByTestId('settings-google-qr')).toHaveAttribute('data-value', /^otpauth:\/\/totp\//);
    const secret = (await section.getByTestId('settings-google-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel('Authenticator code').fill(totp(decodeBase32(secret)!, Date.now()));
    await section.getByRole('button', { name: 'Confirm' }).click();
    await confirmStepUp(page, request, email);
    await expect(section).toContainText('Bound');
    await expect(section.getByRole('button', { name: 'Unbind' })).toBeVisible();

    await page.goto('/modifyverification');
    await expect(page.getByRole('heading', { name: 'Sign-in verification', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Authenticator app code')).toBeChecked();
    await expect(page.getByLabel('Text message code')).toBeDisabled();
    await expect(page.getByLabel('Security key')).toBeDisabled();
    await page.getByLabel('Authenticator app code').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Keep at least one verification on.');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
    await page.goto('/login');
    await page.locator('input[name="loginName"]').fill(email);
    await page.locator('input[name="pwd"]').fill(PASSWORD);
    const login = page.waitForResponse((response) => response.url().includes('/v1/user/login'));
    await page.locator('button[type="submit"]').click();
    expect((await (await login).json()).data).toMatchObject({ needVerify: true, methods: ['google'] });
  });

  test('works at 375 px in Arabic, right to left, and the old security page lands here in the same language', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'setar-');
    // The header shows who is signed in only on wide screens: narrow the window once signed in.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/ar/account/security');
    await expect(page).toHaveURL(/\/ar\/account\/setting$/);
    await expect(page.getByRole('heading', { name: 'إعدادات الحساب', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('settings-keys')).toBeVisible();
    await expect(page.getByTestId('api-keys-link')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Right to left: a section's heading starts at the inline start, the right edge.
    const box = await page.getByTestId('settings-email').boundingBox();
    const heading = await page.getByTestId('settings-email').getByRole('heading').boundingBox();
    expect(box!.x + box!.width - (heading!.x + heading!.width)).toBeLessThan(40);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/ar/modifyverification');
    await expect(page.getByRole('heading', { name: 'التحقق عند تسجيل الدخول', level: 1 })).toBeVisible();
    const after = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(after).toBeLessThanOrEqual(0);
  });

  test('signed out, the page offers sign-in', async ({ page }) => {
    await page.goto('/account/setting');
    await expect(page.getByTestId('settings-signed-out')).toContainText('Sign in to manage your account settings.');
  });
});
