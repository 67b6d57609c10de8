import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** How a test wallet presents itself (EIP-6963 `EIP6963ProviderInfo`). */
export interface TestWalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

/** What the page's test wallet is: its key, chain and how it is found. */
export interface TestWalletOptions {
  /** The key personal_sign signs with, in Node (it never enters the page). */
  privateKey: Hex;
  /** EIP-155 chain id the wallet is on (default 1). */
  chainId?: number;
  /** Announced by EIP-6963 under these names; all of them share the one key. Empty: no announcement. */
  announce?: TestWalletInfo[];
  /** Also set as the legacy `window.ethereum`. */
  legacy?: boolean;
}

/** What the test can see of the wallet: the messages it signed, as the page sent them. */
export interface TestWallet {
  address: Hex;
  signed: string[];
  /** Makes the next personal_sign refuse as a user would (EIP-1193 4001). */
  rejectNext(): void;
}

/**
 * Injects a real EIP-1193 provider into every document of the page: eth_requestAccounts, eth_accounts, eth_chainId
 * and personal_sign, the last signed in Node with viem over `page.exposeFunction`; it announces itself by EIP-6963
 * (on load and on every `eip6963:requestProvider`), and optionally as `window.ethereum`.
 */
export async function installTestWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  const account = privateKeyToAccount(options.privateKey);
  const wallet: TestWallet = { address: account.address, signed: [], rejectNext: () => undefined };
  let isRejecting = false;
  wallet.rejectNext = () => {
    isRejecting = true;
  };
  await page.exposeFunction('__testWalletSign', async (hexMessage: string, address: string) => {
    if (address.toLowerCase() !== account.address.toLowerCase()) return { code: 4100, message: 'Unknown account' };
    if (isRejecting) {
      isRejecting = false;
      return { code: 4001, message: 'User rejected the request.' };
    }
    wallet.signed.push(Buffer.from(hexMessage.slice(2), 'hex').toString('utf8'));
    return { signature: await account.signMessage({ message: { raw: hexMessage as Hex } }) };
  });
  await page.addInitScript(
    ({ address, chainHex, announce, legacy }) => {
      type Signer = (hex: string, address: string) => Promise<{ signature?: string; code?: number; message?: string }>;
      const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address];
            case 'eth_chainId':
              return chainHex;
            case 'personal_sign': {
              const [hex, from] = (params ?? []) as [string, string];
              const sign = (window as unknown as { __testWalletSign: Signer }).__testWalletSign;
              const answer = await sign(hex, from);
              if (answer.signature) return answer.signature;
              throw fail(answer.code ?? 4001, answer.message ?? 'Refused');
            }
            default:
              throw fail(4200, `Unsupported method ${method}`);
          }
        },
        on() {},
        removeListener() {},
      };
      const announceAll = () => {
        for (const info of announce) {
          window.dispatchEvent(
            new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
          );
        }
      };
      window.addEventListener('eip6963:requestProvider', announceAll);
      announceAll();
      if (legacy) (window as unknown as { ethereum: unknown }).ethereum = provider;
    },
    {
      address: account.address,
      chainHex: `0x${(options.chainId ?? 1).toString(16)}`,
      announce: options.announce ?? [],
      legacy: options.legacy ?? false,
    },
  );
  return wallet;
}
