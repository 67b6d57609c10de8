import { parseSiweMessage } from 'viem/siwe';
import { afterEach, describe, expect, it } from 'vitest';
import { WALLET_MESSAGE_TTL_MS } from '../../../../gateway/third/wallet/wallet-routes';
import { PROBE_PATH } from '../auth/auth-support';
import {
  callWallet,
  countRows,
  makeWalletHarness,
  PRODUCT_ORIGIN,
  requestMessage,
  type WalletHarness,
  walletA,
  walletB,
} from './wallet-support';

let h: WalletHarness;
afterEach(() => h.close());

const lower = walletA.address.toLowerCase();

/** Nothing a refused call could have left behind: no identity, no serial, no session. */
function expectNothingCreated(browser: { cookies: Map<string, string> }) {
  expect(countRows(h, 'third_identities')).toBe(0);
  expect(countRows(h, 'third_serials')).toBe(0);
  expect(browser.cookies.has('sid')).toBe(false);
  expect(browser.cookies.has('third_serial')).toBe(false);
}

describe('wallet/nonce', () => {
  it('writes an EIP-4361 message for this site, address and chain, valid for 5 minutes', async () => {
    h = makeWalletHarness();
    const message = await requestMessage(h.browser(), walletA, '137');
    const fields = parseSiweMessage(message);
    expect(fields).toMatchObject({
      domain: 'localhost',
      uri: 'http://localhost',
      address: walletA.address,
      version: '1',
      chainId: 137,
      statement: 'Sign in to Exchange',
    });
    expect(fields.nonce).toMatch(/^[A-Za-z0-9]{24,}$/);
    expect(fields.issuedAt?.getTime()).toBe(h.clock.now);
    expect(fields.expirationTime?.getTime()).toBe(h.clock.now + WALLET_MESSAGE_TTL_MS);
    // A second request gets a fresh nonce.
    expect(parseSiweMessage(await requestMessage(h.browser(), walletA, '137')).nonce).not.toBe(fields.nonce);
  });

  it('refuses a chain id not in the settings, a malformed address and a site that is not the product', async () => {
    h = makeWalletHarness({ localMode: false });
    const browser = h.browser();
    expect(
      (await callWallet(browser, 'nonce', { publicAddress: walletA.address, chainId: '5' }, PRODUCT_ORIGIN)).code,
    ).toBe('40179');
    expect((await callWallet(browser, 'nonce', { publicAddress: '0x1234', chainId: '1' }, PRODUCT_ORIGIN)).code).toBe(
      '40175',
    );
    expect(
      (await callWallet(browser, 'nonce', { publicAddress: walletA.address, chainId: '0x1' }, PRODUCT_ORIGIN)).code,
    ).toBe('40175');
    expect(
      (await callWallet(browser, 'nonce', { publicAddress: walletA.address, chainId: '1' }, 'https://evil.example'))
        .code,
    ).toBe('40178');
    const ok = await callWallet(browser, 'nonce', { publicAddress: walletA.address, chainId: '1' }, PRODUCT_ORIGIN);
    expect(parseSiweMessage((ok.data as { message: string }).message)).toMatchObject({
      domain: 'exchange.example',
      uri: PRODUCT_ORIGIN,
    });
  });

  it('limits messages per wallet and address', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    for (let i = 0; i < 10; i += 1) await requestMessage(browser, walletA);
    expect((await callWallet(browser, 'nonce', { publicAddress: walletA.address, chainId: '1' })).code).toBe('40429');
    // Another address is not blocked by this one.
    await requestMessage(h.browser('198.51.100.9'), walletA);
  });
});

describe('wallet/sign', () => {
  it('signs a new wallet in as not linked yet: a serialNO for the lower-case address', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const message = await requestMessage(browser, walletA);
    const signature = await walletA.signMessage({ message });
    const reply = await callWallet(browser, 'sign', { publicAddress: walletA.address, signature });
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({
      bound: false,
      provider: 'wallet',
      label: `${lower.slice(0, 6)}…${lower.slice(-4)}`,
      email: null,
    });
    expect(reply.data?.serialNO).toEqual(expect.any(String));
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('refuses a replay of the same signature, concurrent or later', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const message = await requestMessage(browser, walletA);
    const signature = await walletA.signMessage({ message });
    const [first, second] = await Promise.all([
      callWallet(browser, 'sign', { publicAddress: walletA.address, signature }),
      callWallet(h.browser('198.51.100.7'), 'sign', { publicAddress: walletA.address, signature }),
    ]);
    expect([first.code, second.code].sort()).toEqual(['00000', '40176']);
    const later = h.browser('198.51.100.8');
    expect((await callWallet(later, 'sign', { publicAddress: walletA.address, signature })).code).toBe('40176');
    expect(later.cookies.has('third_serial')).toBe(false);
    expect(countRows(h, 'third_serials')).toBe(1);
  });

  it('signs a linked wallet in to its account after wallet/check linked it with the password', async () => {
    h = makeWalletHarness();
    await h.addUser({ email: 'holder@example.com', password: 'Holder-pass-1' });
    const first = h.browser();
    const signature = await walletA.signMessage({ message: await requestMessage(first, walletA) });
    const linked = await callWallet(first, 'check', {
      loginName: 'holder@example.com',
      pwd: 'Holder-pass-1',
      publicAddress: walletA.address,
      signature,
    });
    expect(linked.code).toBe('00000');
    expect(countRows(h, 'third_identities')).toBe(1);
    const second = h.browser('198.51.100.20');
    const again = await walletA.signMessage({ message: await requestMessage(second, walletA) });
    const reply = await callWallet(second, 'sign', { publicAddress: walletA.address, signature: again });
    expect(reply.code).toBe('00000');
    expect(reply.data?.bound).toBeUndefined();
    const probe = (await (await second.get(PROBE_PATH)).json()) as { session: { userId: string } | null };
    expect(probe.session?.userId).toEqual(expect.any(String));
  });
});

describe('wallet/sign and wallet/check refuse hostile input', () => {
  it('refuses a call without a nonce request', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const signature = await walletA.signMessage({ message: 'anything' });
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature })).code).toBe('40176');
    expectNothingCreated(browser);
  });

  it('refuses an expired message', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const signature = await walletA.signMessage({ message: await requestMessage(browser, walletA) });
    h.clock.now += WALLET_MESSAGE_TTL_MS;
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature })).code).toBe('40176');
    expectNothingCreated(browser);
  });

  it('refuses a signature by another key, and a signature over another message', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const message = await requestMessage(browser, walletA);
    const byB = await walletB.signMessage({ message });
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature: byB })).code).toBe('40177');
    const other = await walletA.signMessage({ message: message.replace(/Nonce: \w+/, 'Nonce: 0123456789abcdef') });
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature: other })).code).toBe(
      '40177',
    );
    expectNothingCreated(browser);
    // The refused attempts did not use the message up: the right signature still works.
    const right = await walletA.signMessage({ message });
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature: right })).code).toBe(
      '00000',
    );
  });

  it('refuses an older message once a newer one was issued for the address', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const older = await walletA.signMessage({ message: await requestMessage(browser, walletA) });
    await requestMessage(browser, walletA);
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature: older })).code).toBe(
      '40177',
    );
    expectNothingCreated(browser);
  });

  it('refuses malformed hex in the signature and the address', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const message = await requestMessage(browser, walletA);
    const signature = await walletA.signMessage({ message });
    for (const bad of [signature.slice(0, -2), `${signature.slice(0, -2)}zz`, signature.slice(2), '', 42]) {
      expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature: bad })).code).toBe(
        '40175',
      );
    }
    expect((await callWallet(browser, 'sign', { publicAddress: `${walletA.address}00`, signature })).code).toBe(
      '40175',
    );
    // r = 0: hex of the right length that is no signature.
    const zero = `0x${'0'.repeat(128)}1b`;
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature: zero })).code).toBe('40177');
    expectNothingCreated(browser);
  });

  it('refuses a message made for another domain or another URI', async () => {
    h = makeWalletHarness({ localMode: false });
    h.tctx = Object.assign(h.tctx, { origins: [PRODUCT_ORIGIN, 'https://other.example', 'http://exchange.example'] });
    const browser = h.browser();
    const signature = await walletA.signMessage({
      message: await requestMessage(browser, walletA, '1', 'https://other.example'),
    });
    // Signed for other.example, sent to exchange.example.
    expect(
      (await callWallet(browser, 'sign', { publicAddress: walletA.address, signature }, PRODUCT_ORIGIN)).code,
    ).toBe('40178');
    // Same host, another scheme: the domain matches, the URI does not.
    const plain = await walletA.signMessage({
      message: await requestMessage(browser, walletA, '1', 'http://exchange.example'),
    });
    expect(
      (await callWallet(browser, 'sign', { publicAddress: walletA.address, signature: plain }, PRODUCT_ORIGIN)).code,
    ).toBe('40178');
    expectNothingCreated(browser);
  });

  it('refuses a message for a chain the settings no longer allow', async () => {
    h = makeWalletHarness();
    const browser = h.browser();
    const signature = await walletA.signMessage({ message: await requestMessage(browser, walletA, '137') });
    (h.settings.chainIds as number[]).splice(0, h.settings.chainIds.length, 1);
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature })).code).toBe('40179');
    expectNothingCreated(browser);
  });

  it('refuses sign and check without a risk token when the check is required, without using the message', async () => {
    h = makeWalletHarness({ riskRequired: true });
    await h.addUser({ email: 'holder@example.com', password: 'Holder-pass-1' });
    const browser = h.browser();
    const signature = await walletA.signMessage({ message: await requestMessage(browser, walletA) });
    expect((await callWallet(browser, 'sign', { publicAddress: walletA.address, signature })).code).toBe('40140');
    const check = { loginName: 'holder@example.com', pwd: 'Holder-pass-1', publicAddress: walletA.address, signature };
    expect((await callWallet(browser, 'check', check)).code).toBe('40140');
    expectNothingCreated(browser);
    // With the SDK's device token the same signature still signs in once.
    const token = ((await (await browser.get('/v1/constantid/udid/c1')).json()) as { data: { token: string } }).data
      .token;
    const res = await browser.request('/v1/user/public/third/wallet/sign', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'risk-token': token },
      body: JSON.stringify({ publicAddress: walletA.address, signature }),
    });
    expect(((await res.json()) as { code: string }).code).toBe('00000');
  });

  it('wallet/check refuses a replayed signature and a wrong password, linking nothing', async () => {
    h = makeWalletHarness();
    await h.addUser({ email: 'holder@example.com', password: 'Holder-pass-1' });
    const browser = h.browser();
    const signature = await walletA.signMessage({ message: await requestMessage(browser, walletA) });
    const wrong = { loginName: 'holder@example.com', pwd: 'Wrong-pass-1', publicAddress: walletA.address, signature };
    expect((await callWallet(browser, 'check', wrong)).code).toBe('40101');
    // The signature was used by that attempt: a second password guess needs a fresh signature.
    expect((await callWallet(browser, 'check', { ...wrong, pwd: 'Holder-pass-1' })).code).toBe('40176');
    expect(countRows(h, 'third_identities')).toBe(0);
    expect(browser.cookies.has('sid')).toBe(false);
  });
});
