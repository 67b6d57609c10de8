import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservesProof } from '../../../../engine/reserves/merkle-proof';
import { buildPackedTree, type PackedTree, proofOf } from '../../../../gateway/reserves/liability-tree';
import { tempDir } from '../support';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/verify-reserves-proof.mjs', import.meta.url));
const dir = tempDir('reserves-verify-');
let proof: ReservesProof;
let tree: PackedTree;

/** Runs the offline command on a proof (an object written to a file, or raw text) with extra arguments. */
function verify(content: unknown, args: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const file = join(dir.path, `proof-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, file, ...args], (error, out, err) =>
      resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

beforeAll(() => {
  const accounts = Array.from({ length: 7 }, (_, i) => ({
    userId: `u${i}`,
    nonce: (i + 1).toString(16).padStart(32, 'a'),
    balances: [
      ['USDT', `${100 + i}`],
      ['BTC', '0.5'],
    ] as const,
  }));
  tree = buildPackedTree(accounts)!;
  proof = proofOf(tree, 1_764_000_000_000, 'u3', accounts[3]!.nonce)!;
});
afterAll(() => dir.remove());

describe('scripts/verify-reserves-proof.mjs', () => {
  it('accepts a good proof, printing the account, the leaf, each node and the root', async () => {
    const { code, out } = await verify(proof, ['--root', tree.root]);
    expect(code).toBe(0);
    expect(out).toContain(`${proof.nonce}:u3`);
    expect(out).toContain('v1|');
    expect(out).toContain('USDT:103');
    expect(out.match(/^node /gm)).toHaveLength(proof.path.length);
    expect(out).toContain(`computed  ${tree.root}`);
    expect(out).toContain('OK:');
  });

  it('accepts a proof still inside its API envelope', async () => {
    expect((await verify({ code: '00000', msg: 'success', data: proof })).code).toBe(0);
  });

  it('rejects a raised balance', async () => {
    const richer = {
      ...proof,
      balances: [
        ['USDT', '1003'],
        ['BTC', '0.5'],
      ],
    };
    const { code, out } = await verify(richer);
    expect(code).toBe(1);
    expect(out).toContain('FAILED');
  });

  it('rejects a changed path', async () => {
    const changed = { ...proof, path: proof.path.map((s, i) => (i === 1 ? { ...s, hash: 'f'.repeat(64) } : s)) };
    expect((await verify(changed)).code).toBe(1);
    const swapped = { ...proof, path: [...proof.path].reverse() };
    expect((await verify(swapped)).code).toBe(1);
  });

  it('rejects a proof against another published root', async () => {
    const { code, out } = await verify(proof, ['--root', '0'.repeat(64)]);
    expect(code).toBe(1);
    expect(out).toContain('not the published root');
  });

  it('exits 2 on a file that is not a proof', async () => {
    for (const bad of [
      'not json',
      '[]',
      { ...proof, version: 2 },
      { ...proof, root: 'zz' },
      { ...proof, path: [{ side: 'up', hash: 'a'.repeat(64) }] },
      { ...proof, balances: [['USDT', '1e9']] },
      { ...proof, balances: [['usdt<script>', '1']] },
      { ...proof, leafIndex: proof.leafCount },
      { ...proof, path: Array.from({ length: 33 }, () => ({ side: 'left', hash: 'a'.repeat(64) })) },
    ]) {
      const { code } = await verify(bad);
      expect(code, JSON.stringify(bad).slice(0, 60)).toBe(2);
    }
    expect((await verify(proof, ['--root', 'nothex'])).code).toBe(2);
  });
});
