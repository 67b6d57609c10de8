import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmStepUp, registerFresh, uniqueName } from './support';

const REFUSED = { status: 'error', code: '40301', msg: 'This account cannot be switched to', data: null };

/** Collects `gateway-sign-error` replies: a switch must never leave the device unable to sign. */
function watchSignErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const code = response.headers()['gateway-sign-error'];
    if (code) seen.push(`${new URL(response.url()).pathname} ${code}`);
  });
  return seen;
}

async function openSwitcher(page: Page) {
  await page.getByTestId('account-switcher').click();
  await expect(page.getByRole('dialog', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByTestId('account-list')).toBeVisible();
}

/** The account list the page reads (the switcher's and the transfer dialog's). */
const SUB_LIST = '**/v1/user/sub/list**';

/**
 * Makes the page's account list name another id under the account called `name`, as a tampered page would: the
 * returned setter picks the id for the lists read from then on.
 */
async function tamperAccountList(page: Page, name: string): Promise<(userId: string) => void> {
  let offered = '';
  await page.route(SUB_LIST, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const entry of body.data ?? []) if (entry.name === name) entry.userId = offered;
    // The page cancels a read it sent again meanwhile (spec §4, duplicate requests): that one is answered already.
    await route.fulfill({ response, json: body }).catch(() => undefined);
  });
  return (userId) => {
    offered = userId;
  };
}

function option(page: Page, name: string | RegExp) {
  return page.getByTestId('account-option').filter({ hasText: name });
}

/** Chooses an account in the switcher and waits for the signed userinfo the switch ends with. */
async function switchTo(page: Page, name: string | RegExp) {
  await openSwitcher(page);
  const userinfo = page.waitForResponse((response) => response.url().includes('/v1/user/overview/userinfo'));
  await option(page, name).click();
  const reply = await userinfo;
  expect(reply.request().headers()['device-sign'], 'userinfo is signed after the switch').toBeTruthy();
  expect((await reply.json()).code).toBe('00000');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A fresh main account (its own code limits), signed in; `shown` is its masked name in the header. */
async function freshMain(
  page: Page,
  request: APIRequestContext,
): Promise<{ email: string; userId: string; shown: string }> {
  const account = await registerFresh(page, request, 'sub-e2e-');
  return { ...account, shown: `${account.email[0]}***${account.email.slice(account.email.indexOf('@'))}` };
}

/** Creates a sub-account in the switcher, answering the step-up the gateway asks for with the emailed code; returns its id. */
async function createSubInUi(page: Page, request: APIRequestContext, email: string, name: string): Promise<string> {
  await openSwitcher(page);
  await page.getByLabel('Sub-account name').fill(name);
  // The first try is refused until the step-up is proved (40112); the one after it creates the account.
  const created = page.waitForResponse(
    async (response) => response.url().includes('/v1/user/sub/create') && (await response.json()).code === '00000',
  );
  await page.getByRole('button', { name: 'Create sub-account' }).click();
  await confirmStepUp(page, request, email);
  const subId = String((await (await created).json()).data.userId);
  await expect(option(page, name)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return subId;
}

test.describe('sub-accounts', () => {
  test('switches to a new sub-account, back to the main account and on to demo trading, signing throughout', async ({
    page,
    request,
  }) => {
    const signErrors = watchSignErrors(page);
    const main = await freshMain(page, request);
    const sub = uniqueName('desk');
    await createSubInUi(page, request, main.email, sub);

    // The dialog lists the current (main) account, marked, and the new sub-account; the keyboard reaches both.
    await openSwitcher(page);
    await expect(option(page, 'Main account')).toHaveAttribute('aria-current', 'true');
    await expect(option(page, sub)).not.toHaveAttribute('aria-current', 'true');
    await expect(option(page, 'Main account')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(option(page, sub)).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByTestId('account-option').last()).toBeFocused();
    await page.keyboard.press('Escape');

    await switchTo(page, sub);
    await expect(page.getByTestId('signed-in-user')).toHaveText(`Signed in as ${sub}`);
    await expect(page.getByTestId('account-kind')).toHaveText('Sub-account');

    await switchTo(page, 'Main account');
    await expect(page.getByTestId('signed-in-user')).toHaveText(`Signed in as ${main.shown}`);
    await expect(page.getByTestId('account-kind')).toHaveCount(0);

    await switchTo(page, 'Demo trading');
    await expect(page.getByTestId('account-kind')).toHaveText('Demo trading');
    await page.reload();
    await expect(page.getByTestId('account-kind')).toHaveText('Demo trading');
    expect(signErrors).toEqual([]);
  });

  test('stays signed in as the sub-account after a reload, its requests still signed', async ({ page, request }) => {
    const signErrors = watchSignErrors(page);
    const main = await freshMain(page, request);
    const sub = uniqueName('desk');
    await createSubInUi(page, request, main.email, sub);
    await switchTo(page, sub);
    const userinfo = page.waitForResponse((response) => response.url().includes('/v1/user/overview/userinfo'));
    await page.reload();
    const reply = await userinfo;
    expect(reply.request().headers()['device-sign']).toBeTruthy();
    expect((await reply.json()).data).toMatchObject({ isLogin: true, isSub: true, nickName: sub });
    await expect(page.getByTestId('signed-in-user')).toHaveText(`Signed in as ${sub}`);
    await openSwitcher(page);
    await expect(option(page, sub)).toHaveAttribute('aria-current', 'true');
    await expect(option(page, 'Main account')).not.toHaveAttribute('aria-current', 'true');
    expect(signErrors).toEqual([]);
  });

  // After a reload the worker has no login pair of its own: the switch must carry over the pair it signs with.
  test('switches again after a reload', async ({ page, request }) => {
    const signErrors = watchSignErrors(page);
    const main = await freshMain(page, request);
    const sub = uniqueName('desk');
    await createSubInUi(page, request, main.email, sub);
    await switchTo(page, sub);
    await page.reload();
    await expect(page.getByTestId('signed-in-user')).toHaveText(`Signed in as ${sub}`);
    await switchTo(page, 'Main account');
    await expect(page.getByTestId('signed-in-user')).toHaveText(`Signed in as ${main.shown}`);
    expect(signErrors).toEqual([]);
  });

  test("refuses a switch to another user's accounts, however the request is made", async ({
    page,
    browser,
    request,
  }) => {
    // The victim: a fresh account with a sub-account, in a browser of its own.
    const victimContext = await browser.newContext();
    const victimPage = await victimContext.newPage();
    const victim = await registerFresh(victimPage, request, 'sub-e2e-');
    const victimSub = await createSubInUi(victimPage, request, victim.email, uniqueName('vault'));
    await victimContext.close();

    const attacker = await registerFresh(page, request, 'sub-e2e-');
    const shown = page.getByTestId('signed-in-user');
    const before = await shown.textContent();

    // A hand-made request from the page is refused (it is not signed), and the session stays the attacker's.
    for (const userId of [victim.userId, victimSub]) {
      const reply = await page.evaluate(async (id) => {
        const response = await fetch('/v1/user/sub/switchWeb', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: id }),
        });
        return response.json();
      }, userId);
      // The gateway's signature check answers first (00020, no signature); either way nothing is switched.
      expect(reply).toMatchObject({ code: '00020', data: null });
    }

    // The page itself tampered with (its account list names the victim's ids under the attacker's own sub-account): the
    // page signs the switch with its own key, so the signature holds and the account check answers, with the one code
    // that does not tell whether the account exists. (A body rewritten after signing is refused by its signature,
    // mode "3": tests/unit/gateway/security/attack-drill-money.test.ts.)
    const own = uniqueName('own');
    await createSubInUi(page, request, attacker.email, own);
    const offer = await tamperAccountList(page, own);
    for (const userId of [victimSub, victim.userId]) {
      offer(userId);
      await openSwitcher(page);
      const refused = page.waitForResponse((response) => response.url().includes('/v1/user/sub/switchWeb'));
      await option(page, own).click();
      expect(await (await refused).json()).toEqual(REFUSED);
      await expect(page.getByText('The account could not be switched.')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await page.unroute(SUB_LIST);

    const userinfo = page.waitForResponse((response) => response.url().includes('/v1/user/overview/userinfo'));
    await page.reload();
    expect((await (await userinfo).json()).data.userId).toBe(attacker.userId);
    await expect(shown).toHaveText(before ?? '');
  });

  test("moves USDT to a sub-account; a tampered page's transfer toward another family is refused and moves nothing", async ({
    browser,
    page,
    request,
  }) => {
    const victimContext = await browser.newContext();
    const victimPage = await victimContext.newPage();
    const victim = await freshMain(victimPage, request);
    const victimSub = await createSubInUi(victimPage, request, victim.email, uniqueName('vault'));
    await victimContext.close();

    const main = await freshMain(page, request);
    const sub = uniqueName('desk');
    await createSubInUi(page, request, main.email, sub);
    await page.goto('/asset');
    const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
    const fillTransfer = async () => {
      await page.getByRole('button', { name: 'Transfer' }).click();
      await dialog.getByLabel('Receiving account holder').selectOption({ label: sub });
      await dialog.getByTestId('transfer-to').selectOption('futures');
      await dialog.getByLabel('Amount').fill('250');
    };

    // The page itself tampered with (its account list names another family's account under the sub's name): the
    // transfer is signed by the page, so the family check answers it: refused, nothing moves, the amount stays typed.
    const offer = await tamperAccountList(page, sub);
    for (const toUserId of [victimSub, victim.userId]) {
      offer(toUserId);
      await fillTransfer();
      const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/sub-transfer');
      await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
      expect((await (await refused).json()).code).toBe('40305');
      await expect(dialog.getByText('That account cannot receive transfers from this one.')).toBeVisible();
      await expect(dialog.getByLabel('Amount')).toHaveValue('250');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.unroute(SUB_LIST);

    await fillTransfer();
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/sub-transfer');
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    expect((await (await sent).json()).code).toBe('00000');
    await expect(page.getByText(`250 USDT moved to the USDT-M futures account of ${sub}.`)).toBeVisible();
    await page.goto('/asset/spot');
    await expect(page.getByTestId('spot-assets').locator('tr[data-coin="USDT"] td').first()).toHaveText('9,750.0000', {
      timeout: 20_000,
    });

    // The sub-account holds its paper grant plus the transfer, and its own records show its side of it.
    await switchTo(page, sub);
    await page.goto('/asset/futures');
    await expect(page.getByTestId('futures-assets').locator('[data-figure="wallet"] dd')).toHaveText(
      '10,250.0000 USDT',
      { timeout: 20_000 },
    );
  });
});
