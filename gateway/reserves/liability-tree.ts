import { createHash } from 'node:crypto';
import { toHex } from '../../engine/crypto/encoding';
import {
  accountIdInput,
  canonicalBalances,
  type LeafBalance,
  leafInput,
  PROOF_VERSION,
  pathOf,
  type ReservesProof,
  treeLevels,
} from '../../engine/reserves/merkle-proof';

/** SHA-256 of bytes with node:crypto (the tree's hash, README "Proof of reserves"). */
export function sha256(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(data).digest();
}

/** One account's liabilities as committed: its user, nonce and canonical balances. */
export interface AccountLiabilities {
  userId: string;
  nonce: string;
  balances: readonly LeafBalance[];
}

/**
 * A built tree packed into a few flat buffers (32 bytes per node, about 64 MB for 1,000,000 leaves), so it crosses
 * from the worker by transfer and holds no object per node: every level's hashes one after another, the leaves'
 * account ids in leaf order (for finding a user's leaf), and each leaf's canonical balances text.
 */
export interface PackedTree {
  leafCount: number;
  root: string;
  /** All levels' hashes, level 0 (the leaves) first; `levelStarts[d]` is level d's first node. */
  nodes: Uint8Array;
  levelStarts: number[];
  /** The leaves' account ids (32 bytes each), ascending: leaf i's id is bytes 32i … 32i + 31. */
  accountIds: Uint8Array;
  /** UTF-8 `coin:amount,…` of every leaf one after another; leaf i's ends at `balanceEnds[i]`. */
  balanceText: Uint8Array;
  balanceEnds: Uint32Array;
}

/** Hashes kept per arena chunk (1 MiB): hashes live in shared chunks, not in one small buffer each. */
const ARENA_HASHES = 32_768;

/**
 * A SHA-256 whose results are views into shared 1 MiB chunks: a million-leaf tree holds about two million hashes, and
 * a buffer of its own per hash would cost several times the 32 bytes it holds.
 */
function arenaSha256(): (data: Uint8Array) => Uint8Array {
  let chunk = new Uint8Array(0);
  let used = 0;
  return (data) => {
    if (used === chunk.length) {
      chunk = new Uint8Array(ARENA_HASHES * 32);
      used = 0;
    }
    const out = chunk.subarray(used, used + 32);
    out.set(createHash('sha256').update(data).digest());
    used += 32;
    return out;
  };
}

/** The account id of a user: SHA-256 of `<nonce>:<user id>` (engine/reserves/merkle-proof.ts). */
export function accountIdOf(nonce: string, userId: string): Uint8Array {
  return sha256(accountIdInput(nonce, userId));
}

const compareBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b);
/** Lowercase hex as the engine's `toHex` writes it, by Node's native encoder (a million leaves). */
const hexOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

/**
 * Builds the tree over accounts: leaves sorted by account id (so a leaf's place tells nothing about who it is),
 * each `leafInput(accountId, balances)` hashed, levels by `treeLevels`; null when there is no account.
 */
export function buildPackedTree(accounts: Iterable<AccountLiabilities>): PackedTree | null {
  const hash = arenaSha256();
  const leaves: { id: Uint8Array; hash: Uint8Array; text: string }[] = [];
  for (const account of accounts) {
    const id = hash(accountIdInput(account.nonce, account.userId));
    const balances = canonicalBalances(account.balances);
    leaves.push({
      id,
      hash: hash(leafInput(hexOf(id), balances)),
      text: balances.map(([coin, amount]) => `${coin}:${amount}`).join(','),
    });
  }
  if (leaves.length === 0) return null;
  leaves.sort((a, b) => compareBytes(a.id, b.id));
  const levels = treeLevels(
    leaves.map((leaf) => leaf.hash),
    hash,
  );
  return packLevels(levels, leaves);
}

/** Copies the levels and the leaves' ids and balances into flat buffers. */
function packLevels(levels: Uint8Array[][], leaves: readonly { id: Uint8Array; text: string }[]): PackedTree {
  const levelStarts: number[] = [];
  let total = 0;
  for (const level of levels) {
    levelStarts.push(total);
    total += level.length;
  }
  const nodes = new Uint8Array(total * 32);
  for (const [depth, level] of levels.entries())
    for (const [i, hash] of level.entries()) nodes.set(hash, (levelStarts[depth]! + i) * 32);
  const accountIds = new Uint8Array(leaves.length * 32);
  const balanceEnds = new Uint32Array(leaves.length);
  const texts = leaves.map((leaf) => leaf.text).join('');
  // Its own buffer (not Node's shared pool), so the worker can transfer it.
  const balanceText = new TextEncoder().encode(texts);
  let end = 0;
  for (const [i, leaf] of leaves.entries()) {
    accountIds.set(leaf.id, i * 32);
    // Coins and amounts are ASCII (the leaf format's patterns), so characters and bytes count alike.
    end += leaf.text.length;
    balanceEnds[i] = end;
  }
  const top = levels[levels.length - 1]![0]!;
  return { leafCount: leaves.length, root: toHex(top), nodes, levelStarts, accountIds, balanceText, balanceEnds };
}

/** The index of the leaf with this account id, or -1 (binary search over the ascending ids). */
export function leafIndexOf(tree: PackedTree, accountId: Uint8Array): number {
  let low = 0;
  let high = tree.leafCount - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compareBytes(tree.accountIds.subarray(middle * 32, middle * 32 + 32), accountId);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Leaf i's committed balances, read back from the packed text. */
export function balancesAt(tree: PackedTree, index: number): LeafBalance[] {
  const start = index === 0 ? 0 : tree.balanceEnds[index - 1]!;
  const text = Buffer.from(
    tree.balanceText.buffer,
    tree.balanceText.byteOffset + start,
    tree.balanceEnds[index]! - start,
  ).toString('utf8');
  if (text === '') return [];
  return text.split(',').map((pair) => {
    const colon = pair.indexOf(':');
    return [pair.slice(0, colon), pair.slice(colon + 1)] as const;
  });
}

/**
 * The levels as `pathOf` reads them (a length and indexed hashes), over the packed nodes without copying them:
 * a proof reads one sibling per level, so nothing is built per node.
 */
function levelViews(tree: PackedTree): Uint8Array[][] {
  const { levelStarts, nodes } = tree;
  return levelStarts.map((start, depth) => {
    const end = depth + 1 < levelStarts.length ? levelStarts[depth + 1]! : nodes.length / 32;
    return new Proxy([] as Uint8Array[], {
      get(target, key, receiver) {
        if (key === 'length') return end - start;
        if (typeof key === 'string' && /^\d+$/.test(key)) {
          const at = (start + Number(key)) * 32;
          return nodes.subarray(at, at + 32);
        }
        return Reflect.get(target, key, receiver);
      },
    });
  });
}

/**
 * The proof of one user in a tree built at `builtAt`, or null when the user has no leaf in it. The leaf is re-hashed
 * from its packed balances and checked against the tree, so a proof never leaves with inputs that miss its leaf.
 */
export function proofOf(tree: PackedTree, builtAt: number, userId: string, nonce: string): ReservesProof | null {
  const id = accountIdOf(nonce, userId);
  const index = leafIndexOf(tree, id);
  if (index < 0) return null;
  const balances = balancesAt(tree, index);
  const leaf = sha256(leafInput(toHex(id), balances));
  if (compareBytes(leaf, tree.nodes.subarray(index * 32, index * 32 + 32)) !== 0)
    throw new Error('reserves tree: a leaf does not match its packed balances');
  return {
    version: PROOF_VERSION,
    builtAt,
    root: tree.root,
    leafCount: tree.leafCount,
    userId,
    nonce,
    balances: balances.map(([coin, amount]) => [coin, amount] as const),
    leafIndex: index,
    path: pathOf(levelViews(tree), index),
  };
}
