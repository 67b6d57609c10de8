import { createHash, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bindKeyPair,
  type CancelSignal,
  KEYGEN_TIMEOUT_MS,
  type KeyLifecycleDeps,
  obtainKeyPair,
} from '../../../../engine/crypto/key-lifecycle';
import type { ClientKeyPair, KeyAlgorithm } from '../../../../engine/crypto/primitives';
import { clientPair, nodePrimitives, rsaKey } from './node-primitives';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fake world: a Map store, a generator whose calls the test settles, and a clock the test advances. */
function world() {
  const slots = new Map<string, ClientKeyPair<KeyObject>>();
  const calls: Array<{
    algorithm: KeyAlgorithm;
    signal: CancelSignal;
    result: Deferred<{ spkiDer: Uint8Array; privateKey: KeyObject }>;
  }> = [];
  const timers: Array<{ at: number; fire(): void }> = [];
  const errors: string[] = [];
  const background: Promise<void>[] = [];
  let now = 0;
  const deps: KeyLifecycleDeps<KeyObject> = {
    primitives: nodePrimitives,
    store: {
      get: async (slot) => slots.get(slot),
      put: async (slot, pair) => void slots.set(slot, pair),
    },
    generator: {
      generate(algorithm, signal) {
        const result = deferred<{ spkiDer: Uint8Array; privateKey: KeyObject }>();
        calls.push({ algorithm, signal, result });
        return result.promise;
      },
    },
    delay: (ms) => new Promise<void>((fire) => timers.push({ at: now + ms, fire })),
    now: () => now,
    logError: (message) => errors.push(message),
    onBackground: (work) => background.push(work),
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) timer.fire();
    await flush();
  };
  const material = (bits = 1024) => {
    const key = rsaKey(bits);
    return { spkiDer: key.spkiDer, privateKey: key.privateKey };
  };
  return { deps, slots, calls, errors, background, advance, material };
}

describe('obtainKeyPair', () => {
  it('uses the stored backup without generating', async () => {
    const w = world();
    const backup = clientPair('rsa1024');
    w.slots.set('a:rsa1024', backup);
    expect(await obtainKeyPair(w.deps, 'rsa1024')).toEqual({ ok: true, pair: backup, source: 'backup' });
    expect(w.calls).toHaveLength(0);
  });

  it('generates a pair with its key id when there is no backup, and keeps it as the backup', async () => {
    const w = world();
    const pending = obtainKeyPair(w.deps, 'rsa2048');
    await flush();
    const material = w.material(2048);
    w.calls[0]!.result.resolve(material);
    const result = await pending;
    if (!result.ok) throw new Error(result.reason);
    expect(result.source).toBe('generated');
    expect(w.calls[0]!.algorithm).toBe('rsa2048');
    expect(result.pair.publicKey).toBe(Buffer.from(material.spkiDer).toString('base64'));
    expect(result.pair.keyId).toBe(createHash('sha256').update(material.spkiDer).digest('hex').slice(0, 32));
    expect(w.slots.get('a:rsa2048')).toBe(result.pair);
  });

  it('fails with genKeypairFailed at 8 s, cancels the slow generation and makes a backup in the background', async () => {
    const w = world();
    const pending = obtainKeyPair(w.deps, 'rsa1024');
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await flush();
    await w.advance(KEYGEN_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await w.advance(1);
    const result = await pending;
    expect(result).toEqual({
      ok: false,
      reason: 'generate rsa1024: timed out after 8000 ms',
      report: { event: 'genKeypairFailed', reason: 'generate rsa1024: timed out after 8000 ms' },
    });
    expect(w.calls[0]!.signal.cancelled).toBe(true);
    expect(w.calls).toHaveLength(2);
    expect(w.slots.has('a:rsa1024')).toBe(false);
    w.calls[1]!.result.resolve(w.material());
    await Promise.all(w.background);
    expect(w.slots.get('a:rsa1024')?.algorithm).toBe('rsa1024');
    // The next login finds the background pair.
    expect(await obtainKeyPair(w.deps, 'rsa1024')).toMatchObject({ ok: true, source: 'backup' });
  });

  it('falls back to a backup that appeared while generation failed', async () => {
    const w = world();
    const pending = obtainKeyPair(w.deps, 'rsa1024');
    await flush();
    const backup = clientPair('rsa1024');
    w.slots.set('a:rsa1024', backup);
    w.calls[0]!.result.reject(new Error('OperationError'));
    expect(await pending).toEqual({ ok: true, pair: backup, source: 'backup-after-failure' });
  });

  it('fails with genKeypairFailed when generation fails and there is no backup', async () => {
    const w = world();
    const pending = obtainKeyPair(w.deps, 'rsa1024');
    await flush();
    w.calls[0]!.result.reject(new Error('key generation needs a secure context'));
    expect(await pending).toMatchObject({
      ok: false,
      report: { event: 'genKeypairFailed', reason: 'generate rsa1024: key generation needs a secure context' },
    });
  });

  it('ignores a stored backup of another algorithm', async () => {
    const w = world();
    w.slots.set('a:rsa2048', clientPair('rsa1024'));
    const pending = obtainKeyPair(w.deps, 'rsa2048');
    await flush();
    expect(w.calls).toHaveLength(1);
    w.calls[0]!.result.resolve(w.material(2048));
    expect(await pending).toMatchObject({ ok: true, source: 'generated' });
  });
});

describe('bindKeyPair', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('stores the pair under t: + hex(SHA-256(token)) and u: + hex(SHA-256(userId))', async () => {
    const w = world();
    const pair = clientPair('rsa1024');
    expect(await bindKeyPair(w.deps, pair, { loginToken: 'tok-1', userId: '42' })).toEqual({
      bound: true,
      keyId: pair.keyId,
    });
    expect([...w.slots.keys()].sort()).toEqual([`t:${sha('tok-1')}`, `u:${sha('42')}`].sort());
  });

  it('binds nothing without both a login token and a user id', async () => {
    const w = world();
    expect(await bindKeyPair(w.deps, clientPair(), { loginToken: null, userId: '42' })).toEqual({
      bound: false,
      reason: 'no-token-or-user',
    });
    expect(await bindKeyPair(w.deps, clientPair(), { loginToken: 't', userId: '' })).toEqual({
      bound: false,
      reason: 'no-token-or-user',
    });
    expect(w.slots.size).toBe(0);
    expect(w.errors).toEqual([]);
  });

  it('logs an error when the pair is missing', async () => {
    const w = world();
    expect(await bindKeyPair(w.deps, null, { loginToken: 't', userId: '42' })).toEqual({
      bound: false,
      reason: 'missing-pair',
    });
    expect(w.errors).toHaveLength(1);
  });
});
