import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  ANNOUNCE_EVENT,
  type Eip1193Provider,
  REQUEST_EVENT,
  discoverWallets,
  isSafeIcon,
} from '../../src/auth/third/wallet/eip6963';
import { WalletButton } from '../../src/auth/third/wallet/WalletButton';
import { hexOfUtf8 } from '../../src/auth/third/wallet/wallet-flow';

const PNG_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A wallet that refuses every request as the user would (EIP-1193 4001). */
const refusingProvider: Eip1193Provider = {
  request: async () => {
    throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
  },
};

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  delete (window as Window & { ethereum?: unknown }).ethereum;
});

/** Installs a wallet that announces itself whenever the page asks (EIP-6963), as an extension's content script does. */
function announceWallet(info: Record<string, unknown>, provider: unknown = refusingProvider): void {
  const announce = () =>
    window.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: Object.freeze({ info, provider }) }));
  window.addEventListener(REQUEST_EVENT, announce);
  cleanups.push(() => window.removeEventListener(REQUEST_EVENT, announce));
}

const alpha = {
  uuid: '0b8e2c4d-1111-4a6b-9c1d-2e3f4a5b6c7d',
  name: 'Alpha Wallet',
  icon: PNG_ICON,
  rdns: 'test.alpha',
};
const beta = {
  uuid: '0b8e2c4d-2222-4a6b-9c1d-2e3f4a5b6c7d',
  name: 'Beta Wallet',
  icon: 'https://tracker.example/beta.png',
  rdns: 'test.beta',
};

describe('discoverWallets', () => {
  it('lists every wallet announced by EIP-6963 once, and ignores announcements without the EIP shape', async () => {
    announceWallet(alpha);
    announceWallet(beta);
    announceWallet(alpha);
    announceWallet({ uuid: 'x', name: 'No provider' }, { notRequest: true });
    announceWallet({ name: 'No uuid' });
    (window as Window & { ethereum?: unknown }).ethereum = refusingProvider;
    const wallets = await discoverWallets(window, 50);
    expect(wallets.map((wallet) => wallet.info.name)).toEqual(['Alpha Wallet', 'Beta Wallet']);
    expect(wallets.every((wallet) => !wallet.isLegacy)).toBe(true);
  });

  it('falls back to window.ethereum only when no wallet announced itself, and finds nothing without either', async () => {
    expect(await discoverWallets(window, 20)).toEqual([]);
    (window as Window & { ethereum?: unknown }).ethereum = refusingProvider;
    const [legacy, ...rest] = await discoverWallets(window, 20);
    expect(rest).toEqual([]);
    expect(legacy).toMatchObject({ isLegacy: true, provider: refusingProvider });
  });
});

describe('isSafeIcon', () => {
  it('accepts image data URIs only', () => {
    expect(isSafeIcon(PNG_ICON)).toBe(true);
    expect(isSafeIcon('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBe(true);
    expect(isSafeIcon('https://tracker.example/a.png')).toBe(false);
    expect(isSafeIcon('javascript:alert(1)')).toBe(false);
    expect(isSafeIcon('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
  });
});

describe('hexOfUtf8', () => {
  it('encodes the message as personal_sign expects', () => {
    expect(hexOfUtf8('Hi é')).toBe('0x486920c3a9');
  });
});

describe('WalletButton', () => {
  it('lists the announced wallets with a safe icon only, by keyboard, and closes on Escape', async () => {
    announceWallet(alpha);
    announceWallet(beta);
    await render(<WalletButton config={{ chainIds: [1] }} onReply={() => undefined} />);
    await userEvent.click(page.getByRole('button', { name: 'Connect wallet' }));
    const chooser = page.getByRole('group', { name: 'Choose a wallet' });
    await expect.element(chooser.getByRole('button', { name: 'Alpha Wallet' })).toHaveFocus();
    await expect.element(chooser.getByRole('button', { name: 'Beta Wallet' })).toBeVisible();
    const images = document.querySelectorAll('.wallet-chooser img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual([PNG_ICON]);
    await userEvent.keyboard('{Tab}');
    await expect.element(chooser.getByRole('button', { name: 'Beta Wallet' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(chooser).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toHaveFocus();
  });

  it('says so when the browser has no wallet, with a link to get one', async () => {
    await render(<WalletButton config={{ chainIds: [1] }} onReply={() => undefined} />);
    await userEvent.click(page.getByRole('button', { name: 'Connect wallet' }));
    await expect.element(page.getByRole('status')).toHaveTextContent('No wallet found in this browser.');
    await expect
      .element(page.getByRole('link', { name: 'Get a wallet' }))
      .toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows "Signature request cancelled" when the user refuses in the wallet, and sends nothing on', async () => {
    announceWallet(alpha);
    const replies: unknown[] = [];
    await render(<WalletButton config={{ chainIds: [1] }} onReply={(reply) => void replies.push(reply)} />);
    await userEvent.click(page.getByRole('button', { name: 'Connect wallet' }));
    await userEvent.click(page.getByRole('button', { name: 'Alpha Wallet' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Signature request cancelled');
    expect(replies).toEqual([]);
  });

  it('asks for a supported network before any request when the wallet is on another chain', async () => {
    announceWallet(alpha, {
      request: async ({ method }: { method: string }) =>
        method === 'eth_chainId' ? '0x5' : ['0x1111111111111111111111111111111111111111'],
    });
    await render(<WalletButton config={{ chainIds: [1] }} onReply={() => undefined} />);
    await userEvent.click(page.getByRole('button', { name: 'Connect wallet' }));
    await userEvent.click(page.getByRole('button', { name: 'Alpha Wallet' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Switch your wallet to a supported network');
  });
});
