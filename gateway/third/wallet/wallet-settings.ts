/** The wallet sign-in's settings (README "Settings"). */
export interface WalletSettings {
  /** EIP-155 chain ids a message may be made for. */
  chainIds: readonly number[];
  /** The name in the message's statement, "Sign in to <name>". */
  productName: string;
}

/** Chain ids a wallet may sign in on when `THIRD_WALLET_CHAIN_IDS` is not set: Ethereum mainnet. */
export const DEFAULT_CHAIN_IDS: readonly number[] = [1];
/** The statement's product name when `PRODUCT_NAME` is not set. */
export const DEFAULT_PRODUCT_NAME = 'Exchange';

function parseChainIds(value: string | undefined): readonly number[] {
  if (value === undefined || value.trim() === '') return DEFAULT_CHAIN_IDS;
  const ids = value.split(',').map((part) => part.trim());
  if (!ids.every((id) => /^[1-9]\d{0,15}$/.test(id) && Number.isSafeInteger(Number(id)))) {
    throw new Error(`THIRD_WALLET_CHAIN_IDS must be positive integers separated by commas, got "${value}"`);
  }
  return [...new Set(ids.map(Number))];
}

/**
 * Reads `THIRD_WALLET` (`1` on, `0` off; default on in local mode only, since it needs no secret),
 * `THIRD_WALLET_CHAIN_IDS` (default `1`) and `PRODUCT_NAME`; null hides the method.
 */
export function readWalletSettings(env: NodeJS.ProcessEnv, localMode: boolean): WalletSettings | null {
  const switched = env.THIRD_WALLET?.trim();
  const isOn = switched === undefined || switched === '' ? localMode : switched === '1';
  if (!isOn) return null;
  const productName = env.PRODUCT_NAME?.trim().replace(/[\r\n]+/g, ' ') || DEFAULT_PRODUCT_NAME;
  return { chainIds: parseChainIds(env.THIRD_WALLET_CHAIN_IDS), productName };
}

/** What the client needs: the chain ids it may sign in on. */
export function walletPublicConfig(settings: WalletSettings): Record<string, unknown> {
  return { chainIds: [...settings.chainIds] };
}
