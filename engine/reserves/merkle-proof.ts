/**
 * The proof-of-reserves liabilities tree (README "Proof of reserves"): every account's balances committed in one
 * SHA-256 Merkle tree, each leaf keyed by a per-user nonce so a leaf or a path tells nothing about anyone else.
 * The gateway builds the tree, the page verifies a user's proof in a worker, and an independent command verifies a
 * downloaded proof offline; this module is the format the first two share. Hashing is passed in (`node:crypto` in
 * the gateway, WebCrypto in the browser).
 *
 * - account id: SHA-256 of `<nonce hex>:<user id>` (UTF-8), as lowercase hex;
 * - leaf: SHA-256 of the byte 0x00, then UTF-8 `v1|<account id>|<coin>:<amount>,…` (coins sorted, amounts canonical);
 * - node: SHA-256 of the byte 0x01, then the left child's 32 bytes, then the right child's;
 * - a level with an odd count lifts its last node to the next level unchanged (no duplicate, no step in a path).
 * The distinct first bytes keep a leaf from ever being read as a node (second preimage across levels).
 */

import { toHex, utf8 } from '../crypto/encoding';

/** The proof format's version, written in every proof and in every leaf. */
export const PROOF_VERSION = 1;

/** A SHA-256 over bytes, synchronous (gateway, command) or not (WebCrypto). */
export type Sha256 = (data: Uint8Array) => Uint8Array;
export type Sha256Async = (data: Uint8Array) => Promise<Uint8Array>;

/** One coin's balance in a leaf: the coin's symbol and a canonical decimal amount. */
export type LeafBalance = readonly [coin: string, amount: string];

/** One step up a path: the sibling's hash and the side it sits on. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

/** What a signed-in user downloads: their leaf's inputs, its path, and the published root it must reach. */
export interface ReservesProof {
  version: typeof PROOF_VERSION;
  /** When the tree was built (ms since the epoch), as published with its root. */
  builtAt: number;
  root: string;
  leafCount: number;
  userId: string;
  nonce: string;
  balances: LeafBalance[];
  leafIndex: number;
  path: ProofStep[];
}

const COIN = /^[A-Z0-9]{1,20}$/;
const AMOUNT = /^(0|[1-9]\d{0,29})(\.\d{0,17}[1-9])?$/;
const HEX64 = /^[0-9a-f]{64}$/;
const NONCE = /^[0-9a-f]{32}$/;
const USER_ID = /^[0-9A-Za-z_-]{1,64}$/;
/** A tree of up to 2^32 leaves has paths of at most 32 steps. */
const MAX_PATH = 32;

/** Bytes of 64 lowercase hex digits (a hash the proof's shape check has already accepted). */
function hashBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The bytes hashed into an account id: `<nonce>:<user id>`. */
export function accountIdInput(nonce: string, userId: string): Uint8Array {
  return utf8(`${nonce}:${userId}`);
}

/** A leaf's balances in canonical order (by coin), zero balances left out; throws on a malformed coin or amount. */
export function canonicalBalances(balances: readonly LeafBalance[]): LeafBalance[] {
  const seen = new Set<string>();
  const kept: LeafBalance[] = [];
  for (const [coin, amount] of balances) {
    if (!COIN.test(coin)) throw new TypeError(`coin ${JSON.stringify(coin).slice(0, 40)} is not a coin symbol`);
    if (!AMOUNT.test(amount)) throw new TypeError(`amount of ${coin} is not a canonical decimal`);
    if (seen.has(coin)) throw new TypeError(`coin ${coin} appears twice`);
    seen.add(coin);
    if (amount !== '0') kept.push([coin, amount]);
  }
  return kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The text of a leaf (after its 0x00 byte): `v1|<account id>|<coin>:<amount>,…` over canonical balances. */
export function leafText(accountId: string, balances: readonly LeafBalance[]): string {
  const coins = canonicalBalances(balances).map(([coin, amount]) => `${coin}:${amount}`);
  return `v${PROOF_VERSION}|${accountId}|${coins.join(',')}`;
}

/** The bytes of a leaf: 0x00, then `v1|<account id>|<coin>:<amount>,…` over canonical balances. */
export function leafInput(accountId: string, balances: readonly LeafBalance[]): Uint8Array {
  const body = utf8(leafText(accountId, balances));
  const bytes = new Uint8Array(body.length + 1);
  bytes[0] = 0x00;
  bytes.set(body, 1);
  return bytes;
}

/** The bytes of an inner node: 0x01, then the left and the right child's hashes. */
export function nodeInput(left: Uint8Array, right: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(1 + left.length + right.length);
  bytes[0] = 0x01;
  bytes.set(left, 1);
  bytes.set(right, 1 + left.length);
  return bytes;
}

/** Every level of the tree over `leaves` (level 0 the leaves, the last one the root alone); needs one leaf at least. */
export function treeLevels(leaves: readonly Uint8Array[], sha256: Sha256): Uint8Array[][] {
  if (leaves.length === 0) throw new RangeError('a tree needs one leaf at least');
  const levels: Uint8Array[][] = [[...leaves]];
  let level = levels[0];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(sha256(nodeInput(level[i], level[i + 1])));
    if (level.length % 2 === 1) next.push(level[level.length - 1]);
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The path of leaf `index` up the levels: each sibling with its side; a lifted node adds no step. */
export function pathOf(levels: readonly (readonly Uint8Array[])[], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let at = index;
  for (let depth = 0; depth < levels.length - 1; depth += 1) {
    const level = levels[depth];
    const sibling = at % 2 === 0 ? at + 1 : at - 1;
    if (sibling < level.length) path.push({ side: at % 2 === 0 ? 'right' : 'left', hash: toHex(level[sibling]) });
    at = Math.floor(at / 2);
  }
  return path;
}

/** Why a downloaded proof cannot be checked at all (before any hashing). */
export type ProofShapeError = 'not-json' | 'version' | 'field';

/** Reads an untrusted proof (a file a user picked, a reply): the proof, or why it is not one. */
export function readProof(value: unknown): { proof: ReservesProof } | { error: ProofShapeError; field?: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'not-json' };
  let v = value as Record<string, unknown>;
  // A proof saved from the API reply may still be inside its envelope (the offline command accepts it too).
  if (v.code === '00000' && typeof v.data === 'object' && v.data !== null && !Array.isArray(v.data))
    v = v.data as Record<string, unknown>;
  if (v.version !== PROOF_VERSION) return { error: 'version' };
  const bad = (field: string) => ({ error: 'field' as const, field });
  if (typeof v.builtAt !== 'number' || !Number.isSafeInteger(v.builtAt) || v.builtAt < 0) return bad('builtAt');
  if (typeof v.root !== 'string' || !HEX64.test(v.root)) return bad('root');
  if (typeof v.leafCount !== 'number' || !Number.isSafeInteger(v.leafCount) || v.leafCount < 1) return bad('leafCount');
  if (typeof v.userId !== 'string' || !USER_ID.test(v.userId)) return bad('userId');
  if (typeof v.nonce !== 'string' || !NONCE.test(v.nonce)) return bad('nonce');
  if (!Array.isArray(v.balances) || v.balances.length > 500) return bad('balances');
  for (const entry of v.balances)
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string')
      return bad('balances');
  try {
    canonicalBalances(v.balances as LeafBalance[]);
  } catch {
    return bad('balances');
  }
  const index = v.leafIndex;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index >= v.leafCount)
    return bad('leafIndex');
  if (!Array.isArray(v.path) || v.path.length > MAX_PATH) return bad('path');
  for (const step of v.path) {
    const s = step as { side?: unknown; hash?: unknown } | null;
    if (!s || (s.side !== 'left' && s.side !== 'right') || typeof s.hash !== 'string' || !HEX64.test(s.hash))
      return bad('path');
  }
  return {
    proof: {
      version: PROOF_VERSION,
      builtAt: v.builtAt,
      root: v.root,
      leafCount: v.leafCount,
      userId: v.userId,
      nonce: v.nonce,
      balances: (v.balances as [string, string][]).map(([coin, amount]) => [coin, amount] as const),
      leafIndex: index,
      path: (v.path as ProofStep[]).map(({ side, hash }) => ({ side, hash })),
    },
  };
}

/** One step of a verification as the page shows it: what went in and the hash that came out. */
export type VerifyStep =
  | { kind: 'account'; input: string; hash: string }
  | { kind: 'leaf'; input: string; hash: string }
  | { kind: 'node'; depth: number; side: 'left' | 'right'; sibling: string; hash: string }
  | { kind: 'root'; computed: string; expected: string; matches: boolean };

/**
 * Verifies a proof against its root, and against the root the exchange publishes when `publishedRoot` is given:
 * every hash on the way, for the page's step-by-step view.
 */
export async function verifyProof(
  proof: ReservesProof,
  sha256: Sha256Async,
  publishedRoot?: string,
): Promise<{ ok: boolean; steps: VerifyStep[] }> {
  const steps: VerifyStep[] = [];
  const accountId = toHex(await sha256(accountIdInput(proof.nonce, proof.userId)));
  steps.push({ kind: 'account', input: `${proof.nonce}:${proof.userId}`, hash: accountId });
  let hash = await sha256(leafInput(accountId, proof.balances));
  steps.push({ kind: 'leaf', input: leafText(accountId, proof.balances), hash: toHex(hash) });
  for (const [depth, step] of proof.path.entries()) {
    const sibling = hashBytes(step.hash);
    hash = await sha256(step.side === 'left' ? nodeInput(sibling, hash) : nodeInput(hash, sibling));
    steps.push({ kind: 'node', depth: depth + 1, side: step.side, sibling: step.hash, hash: toHex(hash) });
  }
  const computed = toHex(hash);
  const expected = publishedRoot ?? proof.root;
  const matches = computed === proof.root && computed === expected;
  steps.push({ kind: 'root', computed, expected, matches });
  return { ok: matches, steps };
}
