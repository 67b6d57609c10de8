import { expect, type Page, test } from '@playwright/test';
import { watchCspViolations } from './support';

/** A Telegram user id of its own per test run, so parallel runs never share a login. */
const freshTelegramId = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));

interface Envelope {
  code: string;
  data: Record<string, unknown> | null;
}

const isSignReply = (path: string) => (response: { url(): string; request(): { method(): string } }) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === `/v1/user/public/third/${path}`;

/** On /login: the Telegram button → the dev Telegram page → Accept; returns the address it sent the browser back to. */
async function logInThroughDevTelegram(page: Page, id: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Telegram' }).click();
  await expect(page).toHaveURL(/\/dev\/telegram-oauth\/auth\?bot_id=\d+&origin=/);
  await page.getByLabel('Telegram user id').fill(id);
  await page.getByLabel('Username (optional)').fill(`tg${id}`);
  const accepted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/dev/telegram-oauth/auth'),
  );
  const signed = page.waitForResponse(isSignReply('tg/sign'));
  await page.getByRole('button', { name: 'Accept' }).click();
  const back = (await accepted).headers().location ?? '';
  expect(back).toMatch(/\/login#tgAuthResult=[A-Za-z0-9_-]+$/);
  const reply = (await (await signed).json()) as Envelope;
  expect(reply.code).toBe('00000');
  expect(reply.data).toMatchObject({ bound: false, provider: 'telegram', label: `@tg${id}` });
  expect(String(reply.data?.serialNO)).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  return back;
}

test.describe('Telegram sign-in', () => {
  test('the button goes through Telegram and back to /login with an unbound Telegram identity, within the CSP', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    await logInThroughDevTelegram(page, freshTelegramId());
    await expect(page).toHaveURL(/\/login$/);
    expect(page.url()).not.toContain('tgAuthResult');
    expect(await violations()).toEqual([]);
  });

  test('the same Telegram result a second time is refused with an inline error', async ({ page }) => {
    const back = await logInThroughDevTelegram(page, freshTelegramId());
    // A fresh load of the same address (a hash-only change would not load the page again).
    await page.goto('about:blank');
    const replayed = page.waitForResponse(isSignReply('tg/sign'));
    await page.goto(back);
    expect(((await (await replayed).json()) as Envelope).code).toBe('40173');
    await expect(page.locator('.telegram-sign-in').getByRole('alert')).toContainText('already used');
    await expect(page.getByRole('button', { name: 'Log in with Telegram' })).toBeEnabled();
  });

  test('inside a Telegram Mini App the login page signs in with its initData', async ({ page, request }) => {
    const id = Number(freshTelegramId());
    const made = await request.post('/dev/telegram/init-data', { data: { user: { id, first_name: 'Mini' } } });
    const { initData } = ((await made.json()) as { data: { initData: string } }).data;
    await page.addInitScript((data) => {
      (window as unknown as { Telegram: unknown }).Telegram = { WebApp: { initData: data } };
    }, initData);
    const signed = page.waitForResponse(isSignReply('tg/signV2'));
    await page.goto('/login');
    const reply = (await (await signed).json()) as Envelope;
    expect(reply).toMatchObject({ code: '00000', data: { bound: false, label: 'Mini' } });
  });
});
