import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { toHex } from '../../engine/crypto/encoding';
import { accountIdInput, leafInput, pathOf, type ReservesProof, treeLevels } from '../../engine/reserves/merkle-proof';
import { registerFresh, seriousA11yViolations } from './support';
import { openTradeScreen } from './trading-support';

const SLOW = { timeout: 20_000 };
/** With a short rebuild period (RESERVES_REBUILD_MS ≤ 15 s) a fresh account reaches a tree within the test. */
const REBUILD_MS = Number(process.env.RESERVES_REBUILD_MS ?? 600_000);

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/** A proof of a three-account tree of the test's own, built with the engine module and node:crypto. */
function ownTreeProof(): ReservesProof {
  const accounts = [
    { userId: 'e2e1', nonce: '1'.repeat(32), balances: [['USDT', '5']] as [string, string][] },
    { userId: 'e2e2', nonce: '2'.repeat(32), balances: [['BTC', '0.5']] as [string, string][] },
    { userId: 'e2e3', nonce: '3'.repeat(32), balances: [['ETH', '7.25']] as [string, string][] },
  ];
  const leaves = accounts.map((a) => sha256(leafInput(toHex(sha256(accountIdInput(a.nonce, a.userId))), a.balances)));
  const levels = treeLevels(leaves, sha256);
  return {
    version: 1,
    builtAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    root: toHex(levels[levels.length - 1][0]),
    leafCount: 3,
    ...accounts[1],
    leafIndex: 1,
    path: pathOf(levels, 1),
  };
}

async function upload(page: Page, name: string, body: string) {
  await page
    .getByLabel('Choose a proof file (.json)')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

test.describe('proof of reserves', () => {
  test('signed out: the published figures (or that none are yet), a sign-in link, the command; fits 375 px', async ({
    page,
  }) => {
    // The figures the page itself was sent: the tree is rebuilt on a timer, so a summary read apart may be newer.
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/public/reserves/summary');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/proof-of-reserves');
    await expect(page.getByRole('heading', { name: 'Proof of reserves', level: 1 })).toBeVisible(SLOW);
    await expect(page).toHaveTitle('Proof of reserves | Exchange');
    const summary = (await (await sent).json()).data;
    if (summary.root) {
      await expect(page.getByTestId('reserves-root')).toContainText(summary.root);
      await expect(page.getByTestId('reserves-coins').locator('tbody tr')).toHaveCount(summary.coins.length);
    } else {
      await expect(page.getByText('No reserves report has been published yet.', { exact: false })).toBeVisible();
    }
    await expect(page.getByTestId('reserves-signed-out').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('node scripts/verify-reserves-proof.mjs <file>')).toBeHidden();
    await page.getByText('You can also check a proof offline, without this page:').click();
    await expect(page.getByText('node scripts/verify-reserves-proof.mjs <file>')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('anyone can check a proof file: another tree’s proof holds on its own root, a tampered or malformed one fails', async ({
    page,
  }) => {
    await page.goto('/proof-of-reserves');
    await expect(page.getByRole('heading', { name: 'Proof of reserves', level: 1 })).toBeVisible(SLOW);
    const proof = ownTreeProof();
    await upload(page, 'own.json', JSON.stringify(proof));
    const verdict = page.getByTestId('reserves-verdict');
    // Its root is not the gateway's: checked against its own root, it holds (with or without a published root).
    await expect(verdict).toHaveAttribute('data-verdict', /^(older|verified)$/);
    await expect(page.getByTestId('reserves-steps').locator('li')).toHaveCount(proof.path.length + 3);
    await expect(page.getByTestId('reserves-balances')).toContainText('0.5');
    await upload(page, 'tampered.json', JSON.stringify({ ...proof, balances: [['BTC', '50']] }));
    await expect(verdict).toHaveAttribute('data-verdict', 'failed');
    await upload(page, 'broken.json', '{"version": 1, "root": ');
    await expect(page.getByTestId('reserves-read-error')).toContainText('it is not a JSON object');
    await upload(page, 'v9.json', JSON.stringify({ ...proof, version: 9 }));
    await expect(page.getByTestId('reserves-read-error')).toContainText('version 1 expected');
  });

  test('a signed-in trader downloads their proof and sees it verified, or is told why there is none yet', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await registerFresh(page, request, 'e2e-por-');
    // Opening the assets page gives the account its paper balances (a trade account) for the next tree build.
    await page.goto('/asset/spot');
    await page.waitForLoadState('networkidle');
    const registeredAt = Date.now();
    if (REBUILD_MS <= 15_000)
      await expect
        .poll(async () => (await (await request.get('/v1/public/reserves/summary')).json()).data.builtAt ?? 0, {
          timeout: 3 * REBUILD_MS + 10_000,
          intervals: [1000],
        })
        .toBeGreaterThan(registeredAt + 1000);
    await page.goto('/proof-of-reserves');
    const action = page.getByRole('button', { name: 'Download and verify my proof' });
    await expect(action).toBeVisible(SLOW);
    if (REBUILD_MS <= 15_000) {
      // The tree holds this account's USDT now. The gateway's ratio is a percent, and USDT is never below 100 %: it
      // reads as backed, like "104.21%" (not "1.04%").
      const summary = (await (await request.get('/v1/public/reserves/summary')).json()).data;
      const usdt = summary.coins.find((line: { coin: string }) => line.coin === 'USDT');
      expect(usdt.ratio).toMatch(/^\d{3,}\.\d{2}$/);
      const cell = page.locator('tr[data-coin="USDT"] .reserves-table__ratio');
      await expect(cell).toHaveText(/^\d{3,}\.\d{2}%$/);
      await expect(cell).toHaveAttribute('data-backed', 'true');
    }
    const download = page.waitForEvent('download', { timeout: 15_000 }).catch(() => null);
    await action.click();
    const verdict = page.getByTestId('reserves-verdict');
    const reason = page.getByTestId('reserves-own-error');
    await expect(verdict.or(reason)).toBeVisible(SLOW);
    if (REBUILD_MS <= 15_000 || (await verdict.isVisible())) {
      // "older" only when a build lands between the page's summary and the download: the proof still holds.
      await expect(verdict).toHaveAttribute('data-verdict', /^(verified|older)$/);
      const file = await download;
      expect(file?.suggestedFilename()).toMatch(/^reserves-proof-\d{4}-\d{2}-\d{2}\.json$/);
      const saved = JSON.parse(await readFile((await file?.path()) ?? '', 'utf8'));
      expect(saved).toMatchObject({ version: 1, leafCount: expect.any(Number) });
      await expect(page.getByTestId('reserves-steps').locator('li[data-step="root"]')).toContainText(saved.root);
      await expect(page.getByTestId('reserves-balances')).toContainText('USDT');
      // On a phone the tables become cards; their captions keep the full width (not one character a line in ja).
      await page.setViewportSize({ width: 375, height: 800 });
      for (const table of ['reserves-coins', 'reserves-balances']) {
        const width = await page
          .getByTestId(table)
          .locator('caption')
          .evaluate((caption) => caption.clientWidth);
        expect(width, table).toBeGreaterThan(300);
      }
      expect(await fitsWidth(page)).toBe(true);
    } else {
      await expect(reason).toContainText(/not in the latest tree|still being built/);
    }
  });

  test('in simulation mode the page says simulated balances are in no tree and offers no download', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-por-sim-');
    const screen = await openTradeScreen(page, '/spot/BTCUSDT');
    const landed = page.waitForEvent('load');
    await screen.simulationBar.getByRole('button', { name: 'Try simulation trading' }).click();
    await landed;
    await expect(screen.simulationBar).toHaveAttribute('data-state', 'on', SLOW);

    // The page can run in simulation (spec §2.1): it stays, with the figures, and offers no download.
    await page.goto('/proof-of-reserves');
    await expect(page).toHaveURL(/\/proof-of-reserves$/);
    await expect(page.getByTestId('reserves-simulation')).toContainText('You are in simulation mode', SLOW);
    await expect(page.getByRole('button', { name: 'Download and verify my proof' })).toHaveCount(0);
    // (The gateway's answer to a demo account, 40923, is tested in tests/unit/gateway/reserves/reserves-routes.test.ts.)
  });
});
