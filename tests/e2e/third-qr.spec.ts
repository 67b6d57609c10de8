import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { seriousA11yViolations } from './support';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };

/** Signs a context in with a password, as the phone's app session. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
}

/** Opens the QR panel on the login page and waits for its code. */
async function showCode(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('qr-login-toggle').click();
  await expect(page.getByTestId('qr-login-code')).toBeVisible();
}

/**
 * Reads the code as a phone would: a screenshot of it, its pixels (decoded in a blank page of `reader`, which has no
 * CSP to refuse a data: image), then jsQR.
 */
async function scanCode(page: Page, reader: BrowserContext): Promise<string> {
  const png = await page.getByTestId('qr-login-code').screenshot();
  const blank = await reader.newPage();
  const pixels = await blank.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  }, png.toString('base64'));
  await blank.close();
  const decoded = jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height);
  expect(decoded, 'the shown code decodes').not.toBeNull();
  return decoded!.data;
}

const keyOf = (link: string) => {
  const match = /^exchangeapp:\/\/exchange\/qrlogin\?key=([A-Za-z0-9_-]{43})$/.exec(link);
  expect(match, `a QR sign-in link: ${link}`).not.toBeNull();
  return match![1]!;
};

test.describe('QR sign-in', () => {
  test('the app shell scans and confirms the code from a screenshot; the web page is signed in within 5 s', async ({
    page,
    browser,
  }) => {
    await showCode(page);
    await expect(page.getByTestId('qr-login-status')).toHaveText('Open the app and scan');
    const phone = await browser.newContext();
    try {
      const link = await scanCode(page, phone);
      keyOf(link);
      const app = await phone.newPage();
      await signIn(app, DEMO.email, DEMO.password);
      await app.goto('/dev/app-shell');
      await app.locator('#qr-key').fill(link);
      await app.getByRole('button', { name: 'Scan', exact: true }).click();
      await expect(app.getByTestId('qr-result')).toContainText(
        /^Log in (HeadlessChrome|Chrome) \d+ on Linux, this computer\?$/,
      );
      await expect(page.getByTestId('qr-login-status')).toHaveText(
        'Scanned by d***@example.com. Confirm on your phone',
      );
      await app.getByRole('button', { name: 'Confirm login' }).click();
      await expect(app.getByTestId('qr-result')).toHaveText('Confirmed: the browser is logging in.');
      await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 5000 });
      // The web session is a real one: a reload keeps it.
      await page.reload();
      await expect(page.getByTestId('signed-in-user')).toBeVisible();
    } finally {
      await phone.close();
    }
  });

  test('another browser that decodes the code gets no session; a cancel on the phone offers a new code', async ({
    page,
    browser,
  }) => {
    await showCode(page);
    const phone = await browser.newContext();
    const thief = await browser.newContext();
    try {
      const key = keyOf(await scanCode(page, phone));
      const app = await phone.newPage();
      await signIn(app, DEMO.email, DEMO.password);
      // The phone's cookies alone, without the signature of its device key, scan nothing.
      const bare = await phone.request.post('/v1/user/qrcode/scan', { data: { qrcodeKey: key } });
      expect(bare.headers()['gateway-sign-error']).toBe('00020');
      await app.goto('/dev/app-shell');
      await app.locator('#qr-key').fill(key);
      await app.getByRole('button', { name: 'Scan', exact: true }).click();
      await expect(app.getByTestId('qr-result')).toContainText(/^Log in /);
      // A browser that only saw the code: refused, and never signed in.
      const stolen = await (
        await thief.request.post('/v1/user/public/third/getQrKeyStatus', { data: { qrcodeKey: key } })
      ).json();
      expect(stolen.code).toBe('40186');
      await app.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(app.getByTestId('qr-result')).toHaveText('Cancelled.');
      await expect(page.getByTestId('qr-login-status')).toHaveText('The login was cancelled on the phone');
      await page.getByTestId('qr-login-refresh').click();
      await expect(page.getByTestId('qr-login-code')).toBeVisible();
      expect(keyOf(await scanCode(page, phone))).not.toBe(key);
      await expect(page.getByTestId('sign-in-link')).toBeVisible();
    } finally {
      await phone.close();
      await thief.close();
    }
  });

  test('an expired code shows Refresh, which shows a new code', async ({ page, browser }) => {
    // The gateway's 120 s expiry is unit-tested; here the poll answers "expired" at once.
    let isExpired = true;
    await page.route('**/v1/user/public/third/getQrKeyStatus', async (route) => {
      if (!isExpired) return route.continue();
      await route.fulfill({ json: { code: '00000', msg: 'success', data: { status: 'expired' } } });
    });
    // On a 375 px phone in the dark theme: the code stays dark on white, so it still scans.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript(() => localStorage.setItem('global_theme', 'dark'));
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('qr-login-toggle').click();
    await expect(page.getByTestId('qr-login-status')).toHaveText('The QR code has expired');
    await expect(page.getByTestId('qr-login-code')).toHaveCount(0);
    isExpired = false;
    const reader = await browser.newContext();
    try {
      await page.getByTestId('qr-login-refresh').click();
      await expect(page.getByTestId('qr-login-code')).toBeVisible();
      await expect(page.getByTestId('qr-login-status')).toHaveText('Open the app and scan');
      keyOf(await scanCode(page, reader));
      const frame = page.locator('.qr-login__frame');
      expect(await frame.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(255, 255, 255)');
      const box = await frame.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      await expect(page.getByRole('img', { name: 'QR code for logging in with the app' })).toBeVisible();
      // Only this panel's own findings (every element of it carries a qr-login class).
      expect((await seriousA11yViolations(page)).filter((found) => found.includes('qr-login'))).toEqual([]);
    } finally {
      await reader.close();
    }
  });
});
