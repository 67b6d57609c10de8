import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Records CSP violations seen by the page, so a test can assert there were none. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/**
 * Faults seen only by one page: its requests (its workers' too) carry a scope header, and the faults it arms
 * match that scope alone, so tests running in parallel against one gateway never see each other's faults.
 */
export async function scopedFaults(page: Page, request: APIRequestContext) {
  const scope = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await page.setExtraHTTPHeaders({ 'x-fault-scope': scope });
  return {
    async inject(fault: Record<string, unknown>): Promise<void> {
      const response = await request.post('/__faults', { data: { ...fault, scope } });
      if (!response.ok()) throw new Error(`fault switch refused: ${response.status()}`);
    },
    async clear(): Promise<void> {
      await request.delete(`/__faults?scope=${scope}`);
    },
  };
}

/**
 * The newest code the dev mailbox holds for a target (local mode only); with `scene`, the newest of that scene.
 * `base` reads the mailbox on another address than the page's (the WebAuthn tests run the page on localhost).
 */
export async function mailboxCode(
  request: APIRequestContext,
  target: string,
  options: { scene?: string; base?: string } = {},
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const reply = await (
        await request.get(`${options.base ?? ''}/dev/mailbox.json?target=${encodeURIComponent(target)}&limit=20`)
      ).json();
      const entries = (reply.data ?? []) as { scene: string; code: string | null }[];
      code = entries.find((entry) => options.scene === undefined || entry.scene === options.scene)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * The step-up dialog, whatever its purpose: each purpose has its own title ("Confirm the withdrawal", "Confirm the new
 * security key"), and only this dialog verifies codes.
 */
export function stepUpDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Verify', exact: true }) });
}

/**
 * Answers the step-up dialog of an account without second factors, as its owner would: sends the code to the
 * account's email, reads it from the dev mailbox, verifies; the dialog then closes and the change goes on.
 */
export async function confirmStepUp(
  page: Page,
  request: APIRequestContext,
  email: string,
  mailboxBase?: string,
): Promise<void> {
  const dialog = stepUpDialog(page);
  await expect(dialog).toBeVisible();
  const sent = page.waitForResponse((response) => response.url().includes('/v1/msg/verify-code/send'));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  expect((await (await sent).json()).code).toBe('00000');
  await dialog
    .getByLabel('Email code')
    .fill(await mailboxCode(request, email, { scene: 'security', base: mailboxBase }));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toHaveCount(0);
}

/** A name no other test uses: the prefix, the time and a random tail (short enough for a sub-account name). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
}

/** A private IPv4 address no other test is likely to use. */
function visitorAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * Registers a fresh account through the registration screen (code from the dev mailbox) and leaves the page signed
 * in; every account has its own paper balances, so tests that trade or switch never share one.
 */
export async function registerFresh(
  page: Page,
  request: APIRequestContext,
  prefix = 'e2e-',
): Promise<{ email: string; userId: string }> {
  const email = `${uniqueName(prefix)}@example.com`;
  // Each fresh account comes from its own address, as separate visitors do: the gateway sends at most 30 codes an
  // hour to one address, and the suite registers more accounts than that (the e2e gateway trusts X-Forwarded-For).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Email code').fill(await mailboxCode(request, email));
  await page.getByLabel('Password', { exact: true }).fill('Fresh-pass-1');
  await page.getByLabel('Repeat password').fill('Fresh-pass-1');
  await page.getByRole('checkbox', { name: /agree to the trading terms/ }).check();
  const registered = page.waitForResponse((response) => response.url().includes('/v1/user/register/email'));
  await page.getByRole('button', { name: 'Create account' }).click();
  const reply = await (await registered).json();
  expect(reply.code, reply.msg).toBe('00000');
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 20_000 });
  return { email, userId: String(reply.data.userId) };
}
