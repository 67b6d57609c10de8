import { afterAll, describe, expect, it } from 'vitest';
import { toHex } from '../../../engine/crypto/encoding';
import type { VerifyStep } from '../../../engine/reserves/merkle-proof';
import { verifyInWorker } from '../../../src/reserves/use-reserves';
import { reservesWorker } from '../../../src/workers';
import type { VerifyReply } from '../../../workers/reserves.api';
import { ACCOUNTS, buildTree } from './proof-fixtures';

afterAll(() => reservesWorker.terminate());

/** Runs a check in the real reserves worker, collecting the steps it reports on the way. */
async function verify(proof: unknown, publishedRoot?: string) {
  const reported: VerifyStep[] = [];
  const reply = await verifyInWorker(proof, publishedRoot, (step) => reported.push(step));
  return { reply, reported };
}

function checked(reply: VerifyReply) {
  if (!reply.ok) throw new Error(`expected a readable proof, got ${reply.error}`);
  return reply;
}

describe('reserves worker verify', () => {
  it('verifies a good proof against the published root, reporting every step in order', async () => {
    const { root, levels, proofOf } = await buildTree();
    const proof = proofOf(2);
    const { reply, reported } = await verify(proof, root);
    const done = checked(reply);
    expect(done.reachesRoot).toBe(true);
    expect(done.isPublishedRoot).toBe(true);
    expect(done.steps.map((step) => step.kind)).toEqual(['account', 'leaf', ...proof.path.map(() => 'node'), 'root']);
    expect(reported).toEqual(done.steps);
    expect(done.steps[0]).toMatchObject({ kind: 'account', input: `${proof.nonce}:${proof.userId}` });
    expect(done.steps[1]).toMatchObject({ kind: 'leaf', hash: toHex(levels[0][2]) });
    expect(done.steps.at(-1)).toEqual({ kind: 'root', computed: root, expected: root, matches: true });
  });

  it('verifies every account of an odd-sized tree, lifted node included, from a file text too', async () => {
    const { root, proofOf } = await buildTree();
    for (const index of [0, 1, 2, 3, 4]) {
      const { reply } = await verify(JSON.stringify(proofOf(index)), root);
      expect(checked(reply).reachesRoot, `account ${index}`).toBe(true);
    }
  });

  it('fails a tampered balance at the leaf: its hash is not the tree leaf and the root is not reached', async () => {
    const { root, levels, proofOf } = await buildTree();
    const good = checked((await verify(proofOf(0), root)).reply).steps;
    const proof = proofOf(0);
    proof.balances = [
      ['USDT', '1250.6'],
      ['BTC', '0.125'],
    ];
    const done = checked((await verify(proof, root)).reply);
    expect(done.steps[0]).toEqual(good[0]);
    expect(done.steps[1]).toMatchObject({ kind: 'leaf' });
    expect((done.steps[1] as { hash: string }).hash).not.toBe(toHex(levels[0][0]));
    expect(done.reachesRoot).toBe(false);
    expect(done.steps.at(-1)).toMatchObject({ kind: 'root', matches: false, expected: root });
  });

  it('fails a tampered path at the changed level: the levels below still match the tree', async () => {
    const { root, levels, proofOf } = await buildTree();
    const proof = proofOf(1);
    const good = checked((await verify(proofOf(1), root)).reply).steps;
    proof.path[1] = { ...proof.path[1], hash: 'e'.repeat(64) };
    const done = checked((await verify(proof, root)).reply);
    expect(done.steps[1]).toMatchObject({ kind: 'leaf', hash: toHex(levels[0][1]) });
    expect(done.steps[2]).toEqual(good[2]);
    expect(done.steps[3]).toMatchObject({ kind: 'node', depth: 2 });
    expect((done.steps[3] as { hash: string }).hash).not.toBe((good[3] as { hash: string }).hash);
    expect(done.reachesRoot).toBe(false);
  });

  it('fails a swapped side in the path', async () => {
    const { root, proofOf } = await buildTree();
    const proof = proofOf(3);
    proof.path[0] = { ...proof.path[0], side: proof.path[0].side === 'left' ? 'right' : 'left' };
    expect(checked((await verify(proof, root)).reply).reachesRoot).toBe(false);
  });

  it('fails a tampered root at the last step only, every hash below being right', async () => {
    const { root, proofOf } = await buildTree();
    const good = checked((await verify(proofOf(4), root)).reply).steps;
    const proof = { ...proofOf(4), root: '1'.repeat(64) };
    const done = checked((await verify(proof)).reply);
    expect(done.steps.slice(0, -1)).toEqual(good.slice(0, -1));
    expect(done.steps.at(-1)).toEqual({ kind: 'root', computed: root, expected: '1'.repeat(64), matches: false });
    expect(done.reachesRoot).toBe(false);
  });

  it('checks a proof of an older tree against its own root and says the published root differs', async () => {
    const older = await buildTree();
    const latest = await buildTree([...ACCOUNTS].reverse(), Date.now());
    const done = checked((await verify(older.proofOf(0), latest.root)).reply);
    expect(done.isPublishedRoot).toBe(false);
    expect(done.reachesRoot).toBe(true);
    expect(done.steps.at(-1)).toMatchObject({ matches: true, expected: older.root });
  });

  it('names what is wrong with a malformed proof, before any hashing', async () => {
    const { proofOf } = await buildTree();
    const cases: [unknown, string, string?][] = [
      ['{ not json', 'not-json'],
      ['[1, 2]', 'not-json'],
      [null, 'not-json'],
      [{ ...proofOf(0), version: 2 }, 'version'],
      [{ ...proofOf(0), nonce: 'zz' }, 'field', 'nonce'],
      [{ ...proofOf(0), balances: [['usdt', '1']] }, 'field', 'balances'],
      [{ ...proofOf(0), balances: [['USDT', '1e3']] }, 'field', 'balances'],
      [{ ...proofOf(0), leafIndex: 5 }, 'field', 'leafIndex'],
      [{ ...proofOf(0), path: [{ side: 'up', hash: 'a'.repeat(64) }] }, 'field', 'path'],
      [{ ...proofOf(0), root: 'A'.repeat(64) }, 'field', 'root'],
      ['x'.repeat(1_000_001), 'too-large'],
    ];
    for (const [input, error, field] of cases) {
      const { reply, reported } = await verify(input);
      expect(reply, JSON.stringify(input).slice(0, 80)).toEqual(
        field ? { ok: false, error, field } : { ok: false, error },
      );
      expect(reported).toEqual([]);
    }
  });

  it('refuses a published root that is not a hash', async () => {
    const { proofOf } = await buildTree();
    await expect(verify(proofOf(0), 'not-a-root')).rejects.toThrow(/publishedRoot/);
  });
});
