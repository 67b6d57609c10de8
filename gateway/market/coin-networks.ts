import { randomBytes } from 'node:crypto';
import { MONEY_PLACES, unitsOf } from '../money/money-units';

/** One network a coin moves on, as `GET /v1/asset/coins` sends it (assets contract, "Coins and networks"). */
export interface ChainSpec {
  chain: string;
  name: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  /** Smallest deposit credited, a decimal string of the coin. */
  minDeposit: string;
  /** Confirmations before a deposit is credited (small, so the simulated chain credits in seconds). */
  confirmations: number;
  /** Network fee of a withdrawal, in the coin itself, charged on top of the amount. */
  withdrawFee: string;
  minWithdraw: string;
  /** The chain needs a memo (XRP: the destination tag) beside the address. */
  memoRequired: boolean;
  /** The regex source both the client and the gateway check an address with. */
  addressPattern: string;
}

/** A coin and the networks it moves on. */
export interface CoinNetworks {
  coin: string;
  chains: readonly ChainSpec[];
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
/** The address patterns of the paper chains (assets contract, "Coins and networks"). */
export const ADDRESS_PATTERNS = {
  TRC20: `^T${BASE58}{33}$`,
  ERC20: '^0x[0-9a-fA-F]{40}$',
  // bech32 (lower case): "bc1", then the data part of a v0 key hash (39) up to a script hash or taproot key (59).
  BTC: '^bc1[02-9ac-hj-np-z]{39,59}$',
  XRP: `^r${BASE58}{24,34}$`,
} as const;

/** A destination tag: an unsigned 32-bit integer in digits. */
const MEMO = /^[0-9]{1,10}$/;
const MAX_MEMO = 4_294_967_295;

/** The paper networks, in the order the deposit and withdraw screens list them. */
export const COIN_NETWORKS: readonly CoinNetworks[] = [
  {
    coin: 'USDT',
    chains: [
      chain('TRC20', 'Tron (TRC20)', { minDeposit: '1', confirmations: 3, withdrawFee: '1', minWithdraw: '10' }),
      chain('ERC20', 'Ethereum (ERC20)', { minDeposit: '5', confirmations: 6, withdrawFee: '3', minWithdraw: '20' }),
    ],
  },
  {
    coin: 'BTC',
    chains: [
      chain('BTC', 'Bitcoin', { minDeposit: '0.0001', confirmations: 2, withdrawFee: '0.0002', minWithdraw: '0.001' }),
    ],
  },
  {
    coin: 'ETH',
    chains: [
      chain('ERC20', 'Ethereum (ERC20)', {
        minDeposit: '0.001',
        confirmations: 6,
        withdrawFee: '0.002',
        minWithdraw: '0.01',
      }),
    ],
  },
  {
    coin: 'XRP',
    chains: [
      chain('XRP', 'Ripple (XRP)', { minDeposit: '1', confirmations: 2, withdrawFee: '0.2', minWithdraw: '20' }, true),
    ],
  },
];

function chain(
  id: keyof typeof ADDRESS_PATTERNS,
  name: string,
  limits: Pick<ChainSpec, 'minDeposit' | 'confirmations' | 'withdrawFee' | 'minWithdraw'>,
  memoRequired = false,
): ChainSpec {
  return {
    chain: id,
    name,
    depositEnabled: true,
    withdrawEnabled: true,
    ...limits,
    memoRequired,
    addressPattern: ADDRESS_PATTERNS[id],
  };
}

/** A coin's network by name, or undefined when the coin does not move on it. */
export function findChain(coin: string, chainId: string): ChainSpec | undefined {
  return COIN_NETWORKS.find((entry) => entry.coin === coin)?.chains.find((spec) => spec.chain === chainId);
}

/** Whether the coin has any network. */
export function isKnownCoin(coin: string): boolean {
  return COIN_NETWORKS.some((entry) => entry.coin === coin);
}

/** Whether `address` is well formed on the chain (its pattern; a paper chain has no checksum to check). */
export function isAddressOf(spec: ChainSpec, address: string): boolean {
  return new RegExp(spec.addressPattern).test(address);
}

/** Whether `memo` is a destination tag: digits of an unsigned 32-bit integer. */
export function isMemo(memo: string): boolean {
  return MEMO.test(memo) && Number(memo) <= MAX_MEMO;
}

/**
 * The key under which an address is the same address: ERC20 hex is case-insensitive (the case only carries the
 * EIP-55 checksum), every other paper chain's address is case-sensitive.
 */
export function addressKey(chainId: string, address: string): string {
  return chainId === 'ERC20' ? address.toLowerCase() : address;
}

/** A chain's figure (minDeposit, withdrawFee, minWithdraw) in money units of the coin. */
export function chainUnits(figure: string): bigint {
  return unitsOf(figure, MONEY_PLACES);
}

/** A fresh transaction id in the chain's usual form: `0x` + 64 hex on ERC20, upper-case hex on XRP, else 64 hex. */
export function newTxId(chainId: string): string {
  const hex = randomBytes(32).toString('hex');
  if (chainId === 'ERC20') return `0x${hex}`;
  return chainId === 'XRP' ? hex.toUpperCase() : hex;
}
