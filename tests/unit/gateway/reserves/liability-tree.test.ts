import { describe, expect, it } from 'vitest';
import { toHex } from '../../../../engine/crypto/encoding';
import { leafInput, verifyProof } from '../../../../engine/reserves/merkle-proof';
import {
  type AccountLiabilities,
  accountIdOf,
  buildPackedTree,
  type PackedTree,
  proofOf,
  sha256,
} from '../../../../gateway/reserves/liability-tree';

const asyncSha = async (data: Uint8Array) => sha256(data);
const nonceOf = (i: number) => i.toString(16).padStart(32, '0');
const accounts = (count: number): AccountLiabilities[] =>
  Array.from({ length: count }, (_, i) => ({
    userId: `user-${i}`,
    nonce: nonceOf(i + 1),
    balances: [
      ['USDT', `${1000 + i}.5`],
      ['BTC', `${i + 1}.25`],
    ],
  }));
const built = (list: AccountLiabilities[]) => buildPackedTree(list) as PackedTree;

describe('buildPackedTree and proofOf', () => {
  for (const count of [1, 2, 3, 5, 8, 13, 100]) {
    it(`gives every one of ${count} accounts a proof that reaches the root`, async () => {
      const list = accounts(count);
      const tree = built(list);
      expect(tree.leafCount).toBe(count);
      for (const account of list) {
        const proof = proofOf(tree, 1_700_000_000_000, account.userId, account.nonce)!;
        expect(proof.root).toBe(tree.root);
        const result = await verifyProof(proof, asyncSha, tree.root);
        expect(result.ok, `${account.userId} of ${count}`).toBe(true);
      }
    });
  }

  it('builds nothing without accounts', () => {
    expect(buildPackedTree([])).toBeNull();
  });

  it('lifts the odd last leaf without a step: its path is shorter than the others', () => {
    const list = accounts(5);
    const tree = built(list);
    const paths = list.map((a) => proofOf(tree, 0, a.userId, a.nonce)!);
    const last = paths.find((p) => p.leafIndex === 4)!;
    const first = paths.find((p) => p.leafIndex === 0)!;
    expect(first.path).toHaveLength(3);
    expect(last.path).toHaveLength(1);
  });

  it('orders leaves by account id, whatever order the accounts came in', () => {
    const list = accounts(20);
    const tree = built(list);
    const reversed = built([...list].reverse());
    expect(reversed.root).toBe(tree.root);
    const ids = list.map((a) => toHex(accountIdOf(a.nonce, a.userId))).sort();
    for (const account of list) {
      const proof = proofOf(tree, 0, account.userId, account.nonce)!;
      expect(ids[proof.leafIndex]).toBe(toHex(accountIdOf(account.nonce, account.userId)));
    }
  });

  it('commits the canonical balances: zero coins left out, coins sorted', () => {
    const tree = built([
      {
        userId: 'u1',
        nonce: nonceOf(9),
        balances: [
          ['USDT', '5'],
          ['ETH', '0'],
          ['BTC', '1.25'],
        ],
      },
    ]);
    const proof = proofOf(tree, 0, 'u1', nonceOf(9))!;
    expect(proof.balances).toEqual([
      ['BTC', '1.25'],
      ['USDT', '5'],
    ]);
    expect(tree.root).toBe(toHex(sha256(leafInput(toHex(accountIdOf(nonceOf(9), 'u1')), proof.balances))));
  });

  it('answers null for a user without a leaf, or with a wrong nonce', () => {
    const list = accounts(4);
    const tree = built(list);
    expect(proofOf(tree, 0, 'stranger', nonceOf(77))).toBeNull();
    expect(proofOf(tree, 0, list[0]!.userId, nonceOf(77))).toBeNull();
  });

  it("gives a proof that leaks nothing of other users: only hashes beside the caller's own inputs", () => {
    const list = accounts(16);
    const tree = built(list);
    const mine = list[3]!;
    const proof = proofOf(tree, 0, mine.userId, mine.nonce)!;
    const text = JSON.stringify(proof);
    for (const other of list.filter((a) => a !== mine)) {
      expect(text).not.toContain(`"${other.userId}"`);
      expect(text).not.toContain(other.nonce);
      expect(text).not.toContain(other.balances[0]![1]);
      expect(text).not.toContain(toHex(accountIdOf(other.nonce, other.userId)));
    }
    expect(Object.keys(proof).sort()).toEqual(
      ['balances', 'builtAt', 'leafCount', 'leafIndex', 'nonce', 'path', 'root', 'userId', 'version'].sort(),
    );
    for (const step of proof.path) expect(Object.keys(step).sort()).toEqual(['hash', 'side']);
  });

  it('fails verification when a balance is raised or a path step changed', async () => {
    const list = accounts(9);
    const tree = built(list);
    const proof = proofOf(tree, 0, list[2]!.userId, list[2]!.nonce)!;
    const richer = { ...proof, balances: proof.balances.map(([c, a]) => [c, c === 'USDT' ? `${a}1` : a] as const) };
    expect((await verifyProof(richer, asyncSha)).ok).toBe(false);
    const flipped = {
      ...proof,
      path: proof.path.map((s, i) => (i === 0 ? ({ ...s, side: s.side === 'left' ? 'right' : 'left' } as const) : s)),
    };
    expect((await verifyProof(flipped, asyncSha)).ok).toBe(false);
  });

  it('rejects a coin outside the leaf format instead of committing it', () => {
    expect(() => buildPackedTree([{ userId: 'u', nonce: nonceOf(1), balances: [['usdt|x', '1']] }])).toThrow(TypeError);
  });
});
