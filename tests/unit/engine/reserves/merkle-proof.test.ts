import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../../../engine/crypto/encoding';
import {
  accountIdInput,
  canonicalBalances,
  type LeafBalance,
  leafInput,
  leafText,
  nodeInput,
  pathOf,
  PROOF_VERSION,
  type ReservesProof,
  readProof,
  treeLevels,
  verifyProof,
} from '../../../../engine/reserves/merkle-proof';

const sha = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const shaAsync = async (data: Uint8Array) => new Uint8Array(await webcrypto.subtle.digest('SHA-256', data));

interface Account {
  userId: string;
  nonce: string;
  balances: LeafBalance[];
}

const accounts: Account[] = Array.from({ length: 7 }, (_, i) => ({
  userId: `u${i + 1}`,
  nonce: (i + 1).toString(16).padStart(32, '0'),
  balances: [
    ['USDT', `${100 + i}.5`],
    ['BTC', i % 2 === 0 ? '0.25' : '0'],
  ],
}));

function proofsOf(list: Account[]): ReservesProof[] {
  const leaves = list.map((a) => leafInput(toHex(sha(accountIdInput(a.nonce, a.userId))), a.balances));
  const levels = treeLevels(leaves.map(sha), sha);
  const root = toHex(levels.at(-1)![0]);
  return list.map((a, index) => ({
    version: PROOF_VERSION,
    builtAt: 1_700_000_000_000,
    root,
    leafCount: list.length,
    userId: a.userId,
    nonce: a.nonce,
    balances: a.balances,
    leafIndex: index,
    path: pathOf(levels, index),
  }));
}

describe('canonicalBalances', () => {
  it('sorts by coin, drops zeros, and refuses malformed coins, amounts and duplicates', () => {
    expect(
      canonicalBalances([
        ['USDT', '1'],
        ['BTC', '0.5'],
        ['ETH', '0'],
      ]),
    ).toEqual([
      ['BTC', '0.5'],
      ['USDT', '1'],
    ]);
    const malformed: LeafBalance[][] = [
      [['btc', '1']],
      [['BTC', '1.50']],
      [['BTC', '01']],
      [['BTC', '-1']],
      [['BTC', '1e3']],
    ];
    for (const bad of malformed) expect(() => canonicalBalances(bad)).toThrow(TypeError);
    expect(() =>
      canonicalBalances([
        ['BTC', '1'],
        ['BTC', '2'],
      ]),
    ).toThrow(/twice/);
  });
});

describe('leafInput and nodeInput', () => {
  it('separate leaves from nodes by their first byte and write the documented leaf text', () => {
    expect(
      leafText('ab', [
        ['USDT', '2'],
        ['BTC', '1'],
      ]),
    ).toBe('v1|ab|BTC:1,USDT:2');
    expect(leafInput('ab', [['BTC', '1']])[0]).toBe(0x00);
    expect(nodeInput(new Uint8Array(32), new Uint8Array(32))[0]).toBe(0x01);
  });
});

describe('treeLevels and pathOf', () => {
  it('lift the odd node without duplicating it, so every leaf of trees of 1 to 7 leaves reaches the root', async () => {
    for (let n = 1; n <= 7; n += 1) {
      const proofs = proofsOf(accounts.slice(0, n));
      for (const proof of proofs) expect((await verifyProof(proof, shaAsync)).ok).toBe(true);
    }
    // Three leaves: the third is lifted, its path has one step, not two.
    expect(proofsOf(accounts.slice(0, 3))[2].path).toHaveLength(1);
  });
});

describe('verifyProof', () => {
  it('shows each step and fails at the root for a tampered balance, path or root', async () => {
    const [proof] = proofsOf(accounts);
    const good = await verifyProof(proof, shaAsync, proof.root);
    expect(good.ok).toBe(true);
    expect(good.steps.map((s) => s.kind)).toEqual(['account', 'leaf', 'node', 'node', 'node', 'root']);
    const richer = await verifyProof({ ...proof, balances: [['USDT', '1000000']] }, shaAsync);
    expect(richer.ok).toBe(false);
    const flipped = await verifyProof(
      {
        ...proof,
        path: proof.path.map((s, i) => (i === 0 ? { ...s, side: s.side === 'left' ? 'right' : 'left' } : s)),
      },
      shaAsync,
    );
    expect(flipped.ok).toBe(false);
    const otherRoot = await verifyProof(proof, shaAsync, 'f'.repeat(64));
    expect(otherRoot.ok).toBe(false);
    expect(otherRoot.steps.at(-1)).toMatchObject({ kind: 'root', matches: false, expected: 'f'.repeat(64) });
  });

  it('refuses a path shortened to start from an inner node', async () => {
    const proofs = proofsOf(accounts.slice(0, 4));
    // Passing a level-1 node off as a leaf would need leaf bytes (0x00…) hashing to a node's hash (0x01…).
    const forged = { ...proofs[0], path: proofs[0].path.slice(1) };
    expect((await verifyProof(forged, shaAsync)).ok).toBe(false);
  });
});

describe('readProof', () => {
  it('accepts a proof and refuses hostile files with the field at fault', () => {
    const [proof] = proofsOf(accounts);
    expect(readProof(JSON.parse(JSON.stringify(proof)))).toEqual({ proof });
    expect(readProof(null)).toEqual({ error: 'not-json' });
    expect(readProof([])).toEqual({ error: 'not-json' });
    expect(readProof({ ...proof, version: 2 })).toEqual({ error: 'version' });
    // A saved API reply is read inside its envelope, a failed one is not a proof.
    expect(readProof({ code: '00000', msg: 'success', data: JSON.parse(JSON.stringify(proof)) })).toEqual({ proof });
    expect(readProof({ code: '40920', msg: 'x', data: proof })).toEqual({ error: 'version' });
    expect(readProof({ code: '00000', data: [proof] })).toEqual({ error: 'version' });
    const field = (patch: Record<string, unknown>) => readProof({ ...proof, ...patch });
    expect(field({ root: 'z'.repeat(64) })).toMatchObject({ field: 'root' });
    expect(field({ nonce: '<script>' })).toMatchObject({ field: 'nonce' });
    expect(field({ userId: '../../etc' })).toMatchObject({ field: 'userId' });
    expect(field({ balances: [['BTC', '1e9']] })).toMatchObject({ field: 'balances' });
    expect(field({ balances: [['BTC']] })).toMatchObject({ field: 'balances' });
    expect(field({ leafIndex: 99 })).toMatchObject({ field: 'leafIndex' });
    expect(field({ path: [{ side: 'up', hash: 'a'.repeat(64) }] })).toMatchObject({ field: 'path' });
    expect(field({ path: Array.from({ length: 33 }, () => ({ side: 'left', hash: 'a'.repeat(64) })) })).toMatchObject({
      field: 'path',
    });
    expect(field({ builtAt: -1 })).toMatchObject({ field: 'builtAt' });
  });
});
