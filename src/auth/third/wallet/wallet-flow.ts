import type { Eip1193Provider } from './eip6963';

/** Posts one §7.4 call (the app's `postThird`), injected so the flow can be tested without a gateway. */
export type PostThird = <T>(path: string, fields: Record<string, string>) => Promise<T>;

/** Why a wallet sign-in stopped before the gateway answered. */
export type WalletProblem = 'cancelled' | 'wrongNetwork' | 'failed';

/** A wallet sign-in that stopped, with what the page should say. */
export class WalletFlowError extends Error {
  /** Creates the error for a problem, keeping the wallet's or the request's error as the cause. */
  constructor(
    readonly problem: WalletProblem,
    cause?: unknown,
  ) {
    super(`wallet sign-in: ${problem}`, { cause });
    this.name = 'WalletFlowError';
  }
}

/** The user said no in the wallet (EIP-1193 error 4001). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}

/** The message as personal_sign expects it: `0x` and the hex of its UTF-8 bytes. */
export function hexOfUtf8(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Asks the wallet, turning a refusal into `cancelled` and anything else into `failed`. */
async function ask(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request(params ? { method, params } : { method });
  } catch (error) {
    throw new WalletFlowError(isUserRejection(error) ? 'cancelled' : 'failed', error);
  }
}

/**
 * Signs in with a wallet (Sign-In with Ethereum): its account and chain, the gateway's EIP-4361 message for them
 * (`wallet/nonce`), the wallet's personal_sign over it, and `wallet/sign`; returns the gateway's reply. Errors of
 * the wallet throw {@link WalletFlowError}; errors of a request throw as `post` throws them.
 */
export async function signInWithWallet<T>(
  provider: Eip1193Provider,
  post: PostThird,
  allowedChainIds: readonly number[],
): Promise<T> {
  const accounts = await ask(provider, 'eth_requestAccounts');
  const address = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new WalletFlowError('failed');
  const chainHex = await ask(provider, 'eth_chainId');
  if (typeof chainHex !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(chainHex)) throw new WalletFlowError('failed');
  const chainId = Number.parseInt(chainHex, 16);
  if (allowedChainIds.length > 0 && !allowedChainIds.includes(chainId)) throw new WalletFlowError('wrongNetwork');
  const { message } = await post<{ message: string }>('wallet/nonce', {
    publicAddress: address,
    chainId: String(chainId),
  });
  const signature = await ask(provider, 'personal_sign', [hexOfUtf8(message), address]);
  if (typeof signature !== 'string') throw new WalletFlowError('failed');
  // The signature lives only in this call: it is sent once and never stored.
  return post<T>('wallet/sign', { publicAddress: address, signature });
}
