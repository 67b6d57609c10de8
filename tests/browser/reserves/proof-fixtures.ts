import { toHex } from '../../../engine/crypto/encoding';
import {
  accountIdInput,
  type LeafBalance,
  leafInput,
  pathOf,
  type ReservesProof,
  treeLevels,
} from '../../../engine/reserves/merkle-proof';

/** SHA-256 through WebCrypto, as the worker hashes. */
export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/**
 * The engine's `treeLevels` over WebCrypto: it wants a synchronous hash, so each pass hashes (asynchronously) the node
 * inputs the last pass was missing, until a pass finds every hash it needs (one pass per level).
 */
async function levelsOf(leaves: Uint8Array[]): Promise<Uint8Array[][]> {
  const known = new Map<string, Uint8Array>();
  for (;;) {
    const missing: Uint8Array[] = [];
    const levels = treeLevels(leaves, (data) => {
      const hash = known.get(toHex(data));
      if (hash) return hash;
      missing.push(data);
      return new Uint8Array(32);
    });
    if (missing.length === 0) return levels;
    for (const data of missing) known.set(toHex(data), await sha256(data));
  }
}

export interface TestAccount {
  userId: string;
  nonce: string;
  balances: LeafBalance[];
}

/** Five accounts (an odd count, so a node is lifted on the way up). */
export const ACCOUNTS: TestAccount[] = [
  {
    userId: 'u1001',
    nonce: `${'0'.repeat(31)}1`,
    balances: [
      ['USDT', '1250.5'],
      ['BTC', '0.125'],
    ],
  },
  { userId: 'u1002', nonce: 'a'.repeat(32), balances: [['ETH', '3']] },
  {
    userId: 'u1003',
    nonce: '0123456789abcdef0123456789abcdef',
    balances: [
      ['USDT', '10'],
      ['SOL', '42.000001'],
    ],
  },
  { userId: 'u1004', nonce: 'f'.repeat(32), balances: [['BTC', '2']] },
  { userId: 'u1005', nonce: 'deadbeef'.repeat(4), balances: [['USDT', '99.99']] },
];

export const BUILT_AT = Date.UTC(2026, 10, 26, 12, 30, 0);

/** A tree over the accounts and each account's proof, built with the engine module and WebCrypto. */
export async function buildTree(accounts: TestAccount[] = ACCOUNTS, builtAt = BUILT_AT) {
  const leaves: Uint8Array[] = [];
  for (const account of accounts) {
    const accountId = toHex(await sha256(accountIdInput(account.nonce, account.userId)));
    leaves.push(await sha256(leafInput(accountId, account.balances)));
  }
  const levels = await levelsOf(leaves);
  const root = toHex(levels[levels.length - 1][0]);
  const proofOf = (index: number): ReservesProof => ({
    version: 1,
    builtAt,
    root,
    leafCount: accounts.length,
    userId: accounts[index].userId,
    nonce: accounts[index].nonce,
    balances: accounts[index].balances.map(([coin, amount]) => [coin, amount] as const),
    leafIndex: index,
    path: pathOf(levels, index),
  });
  return { levels, root, proofOf };
}
