import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmStepUp, registerFresh, seriousA11yViolations } from './support';

const ASSETS_PATH = '/api/v2/spot/account/assets';

interface Credentials {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

/** `GET /api/v2/spot/account/assets` signed as a v2 client library signs it (README "API keys for scripts and bots"). */
async function readAssetsWith(request: APIRequestContext, key: Credentials): Promise<{ code: string }> {
  const timestamp = String(Date.now());
  const sign = createHmac('sha256', key.secretKey).update(`${timestamp}GET${ASSETS_PATH}`).digest('base64');
  const response = await request.get(ASSETS_PATH, {
    headers: {
      'ACCESS-KEY': key.apiKey,
      'ACCESS-SIGN': sign,
      'ACCESS-TIMESTAMP': timestamp,
      'ACCESS-PASSPHRASE': key.passphrase,
      'Content-Type': 'application/json',
    },
  });
  return (await response.json()) as { code: string };
}

/** Keys made straight in the gateway's data directory by the documented command (`npm run api-key`). */
async function makeKeysByScript(email: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'gateway/api-key-cli.ts', '--email', email, '--label', `script ${i + 1}`],
      { cwd: process.cwd(), env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } },
    );
  }
}

/** The create form of the page (its heading and its button share a name). */
const createForm = (page: Page) => page.locator('.api-keys__create form');

test.describe('API keys page', () => {
  test('creates a key behind the step-up and shows its secret once; the key signs v2 requests until it is disabled', async ({
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'apikey-');
    await page.goto('/account/newapi');
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();
    await expect(page).toHaveTitle('API keys | Exchange');

    const form = createForm(page);
    await form.getByLabel('Label').fill('Grid bot');
    await expect(form.getByRole('checkbox', { name: 'Read' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Read' })).toBeDisabled();
    await form.getByRole('checkbox', { name: 'Spot trading' }).check();
    await form.getByLabel('Passphrase', { exact: true }).fill('GridBot2026');
    await form.getByRole('button', { name: 'Create API key' }).click();
    await confirmStepUp(page, request, email);

    const secret = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(secret).toBeVisible();
    await expect(secret.getByText('You will not see them again.')).toBeVisible();
    await expect(secret.getByRole('button', { name: 'Copy Secret key' })).toBeVisible();
    const key: Credentials = {
      apiKey: (await secret.getByTestId('created-api-key').textContent()) ?? '',
      secretKey: (await secret.getByTestId('created-secret-key').textContent()) ?? '',
      passphrase: (await secret.getByTestId('created-passphrase').textContent()) ?? '',
    };
    expect(key.apiKey).toMatch(/^bg_[0-9a-f]{32}$/);
    expect(key.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(key.passphrase).toBe('GridBot2026');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await secret.getByRole('button', { name: 'I have saved them' }).click();
    await expect(secret).toHaveCount(0);

    // The form is ready for the next key; the list shows the new one, without its secret, also after a reload.
    await expect(form.getByLabel('Label')).toHaveValue('');
    await page.reload();
    const row = page.getByTestId('api-key').filter({ hasText: 'Grid bot' });
    await expect(row.getByTestId('api-key-id')).toHaveText(key.apiKey);
    await expect(row).toContainText('Read · Spot trading');
    await expect(row).toContainText('Any address');
    await expect(row).toContainText('Enabled');
    expect(await page.content()).not.toContain(key.secretKey);

    expect((await readAssetsWith(request, key)).code).toBe('00000');
    await page.reload();
    await expect(row).not.toContainText('Never used');

    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();
    expect((await readAssetsWith(request, key)).code).toBe('40006');
  });

  test('a bad address keeps what was typed; a new label needs no step-up; delete confirms, and a failed reread keeps the list', async ({
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'apikey-');
    await makeKeysByScript(email, 1);
    await page.goto('/account/newapi');
    const row = page.getByTestId('api-key').filter({ hasText: 'script 1' });
    await expect(row).toBeVisible();

    const form = createForm(page);
    await form.getByLabel('Label').fill('Office');
    await form.getByLabel('IP allow-list (optional)').fill('203.0.113.7\nnot-an-ip');
    await form.getByLabel('Passphrase', { exact: true }).fill('Office2026');
    await form.getByRole('button', { name: 'Create API key' }).click();
    await expect(form.getByRole('alert')).toHaveText('Enter IPv4 or IPv6 addresses or CIDR ranges, at most 20.');
    await expect(form.getByLabel('Label')).toHaveValue('Office');
    await expect(form.getByLabel('IP allow-list (optional)')).toHaveValue('203.0.113.7\nnot-an-ip');
    await expect(form.getByLabel('Passphrase', { exact: true })).toHaveValue('Office2026');

    // A new label changes nothing the key may do: no step-up.
    await row.getByRole('button', { name: 'Edit script 1' }).click();
    await row.getByLabel('Label').fill('Reporting');
    await row.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByTestId('api-key').filter({ hasText: 'Reporting' });
    await expect(renamed.getByRole('button', { name: 'Edit Reporting' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await renamed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete' });
    await expect(confirm).toContainText('Delete the key “Reporting”?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed).toBeVisible();
    // The list read after the delete fails once: the page keeps the list it has and offers a retry.
    let failures = 1;
    await page.route('**/v1/user/apikey/list*', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, body: 'busy' }) : route.fallback(),
    );
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirmStepUp(page, request, email);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(renamed).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(renamed).toHaveCount(0);
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();
  });

  test('an eleventh key is refused after the step-up, and the form keeps what was typed', async ({ page, request }) => {
    // Ten runs of the key script, each a Node start of a second or two on a shared machine, before the page's part.
    test.setTimeout(90_000);
    const { email } = await registerFresh(page, request, 'apikey-');
    await makeKeysByScript(email, 10);
    await page.goto('/account/newapi');
    await expect(page.getByTestId('api-key')).toHaveCount(10);
    const form = createForm(page);
    await form.getByLabel('Label').fill('One too many');
    await form.getByLabel('Passphrase', { exact: true }).fill('TooMany2026');
    await form.getByRole('button', { name: 'Create API key' }).click();
    await confirmStepUp(page, request, email);
    await expect(form.getByRole('alert')).toHaveText('An account can hold at most 10 API keys.');
    await expect(form.getByLabel('Label')).toHaveValue('One too many');
    await expect(form.getByLabel('Passphrase', { exact: true })).toHaveValue('TooMany2026');
    await expect(page.getByRole('dialog', { name: 'Your new API key' })).toHaveCount(0);
  });

  test('speaks Japanese under /ja, reached from the security page', async ({ page, request }) => {
    await registerFresh(page, request, 'apikey-');
    // Reached from the security page, in the page's language.
    await page.goto('/ja/account/security');
    await page.getByTestId('api-keys-link').click();
    await expect(page).toHaveURL(/\/ja\/account\/newapi$/);
    await expect(page.getByRole('heading', { name: 'APIキー', level: 1 })).toBeVisible();
    await expect(page.getByText('APIキーはまだありません。')).toBeVisible();
    await expect(createForm(page).getByRole('button', { name: 'APIキーを作成' })).toBeVisible();
    await expect(page).toHaveTitle('APIキー | 取引所');
  });

  test('signed out, the keys page offers sign-in and the API page shows its addresses', async ({ page, baseURL }) => {
    await page.goto('/account/newapi');
    await expect(page.getByTestId('api-keys-signed-out')).toContainText('Sign in to manage your API keys.');
    await page.getByTestId('api-keys-signed-out').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fnewapi/);

    await page.goto('/api');
    await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();
    await expect(page.getByTestId('api-rest-url')).toHaveText(baseURL!);
    await expect(page.getByTestId('api-private-ws')).toHaveText(`${baseURL!.replace(/^http/, 'ws')}/v2/ws/private`);
    await expect(page.getByRole('link', { name: 'Sign in to create API keys' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
