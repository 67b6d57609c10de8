import { expect, test } from '@playwright/test';
import { parseSiweMessage } from 'viem/siwe';
import { installTestWallet } from '../support/eip1193-provider';

/** Fixed test keys (never funded anywhere), one per test: a newer message for an address replaces the older one. */
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const OTHER_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
const TEST_WALLET = {
  uuid: '5f0c1d8e-7b1a-4c55-9e3b-0a1b2c3d4e5f',
  name: 'Test Wallet',
  icon: ICON,
  rdns: 'test.wallet',
};

test.describe('wallet sign-in', () => {
  test('signs in with an announced wallet on /login: the gateway answers "not linked yet", and a replay is refused', async ({
    page,
    baseURL,
  }) => {
    const wallet = await installTestWallet(page, { privateKey: KEY, announce: [TEST_WALLET] });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const signed = page.waitForResponse((res) => res.url().includes('/v1/user/public/third/wallet/sign'));
    await page.getByRole('button', { name: 'Test Wallet' }).click();
    const response = await signed;
    const reply = await response.json();
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({ bound: false, provider: 'wallet', email: null });
    expect(reply.data.serialNO).toEqual(expect.any(String));
    expect(reply.data.label).toBe(
      `${wallet.address.toLowerCase().slice(0, 6)}…${wallet.address.slice(-4).toLowerCase()}`,
    );
    // The wallet signed the gateway's EIP-4361 message for this very site.
    expect(wallet.signed).toHaveLength(1);
    const host = new URL(baseURL!).host;
    expect(parseSiweMessage(wallet.signed[0]!)).toMatchObject({ domain: host, uri: `http://${host}`, chainId: 1 });
    // The signature left only inside the login envelope; the same request sent again is refused.
    const sent = response.request();
    expect(sent.postData()).toContain('bodyCiphertext');
    expect(sent.postData()).not.toMatch(/"signature"\s*:/);
    const replay = await page.request.post('/v1/user/public/third/wallet/sign', {
      headers: { 'content-type': 'application/json' },
      data: sent.postData() ?? '',
    });
    expect(await replay.json()).toMatchObject({ status: 'error' });
  });

  test('finds the legacy window.ethereum, and says "Signature request cancelled" when the user refuses', async ({
    page,
  }) => {
    const wallet = await installTestWallet(page, { privateKey: OTHER_KEY, legacy: true });
    wallet.rejectNext();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await page.getByRole('button', { name: 'Browser wallet' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Signature request cancelled' })).toBeVisible();
    expect(wallet.signed).toEqual([]);
  });
});
