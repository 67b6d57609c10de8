import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_CACHE_DB_VERSION, StorageError } from '../../../engine/rules/storage-areas';
import { LocalCache, ownerOf } from '../../../workers/service-worker/local-cache';

const url = (path: string) => new URL(`https://exchange.test${path}`);
const reply = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ code: '00000', msg: 'success', data }),
});

let opened: LocalCache[] = [];
let counter = 0;
/** A cache on a database of its own, with a clock the test moves. */
function freshCache(limit?: number) {
  const clock = { now: 1_000 };
  const name = `local-cache-test-${Date.now()}-${counter++}`;
  const cache = new LocalCache({ name, limit, now: () => clock.now });
  opened.push(cache);
  return { cache, clock, name };
}

afterEach(() => {
  for (const cache of opened) cache.close();
  opened = [];
});

describe('LocalCache (IndexedDB in Chromium)', () => {
  it('is the spec’s database: IndexedDB version 1 with one store, local_cache', async () => {
    const { cache, name } = freshCache();
    await cache.put(null, url('/v1/public/time'), reply(1));
    cache.close();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    expect(db.version).toBe(LOCAL_CACHE_DB_VERSION);
    expect([...db.objectStoreNames]).toEqual(['local_cache']);
    db.close();
  });

  it('finds a user’s reply only under that user, and everyone’s replies under anyone', async () => {
    const { cache } = freshCache();
    const alice = await ownerOf('1001');
    const bob = await ownerOf('1002');
    expect(alice).toMatch(/^[0-9a-f]{32}$/);
    expect(alice).not.toBe(bob);
    await cache.put(alice, url('/v1/trade/spot/assets?_t=1'), reply([{ coin: 'USDT', available: '1000' }]));
    await cache.put(alice, url('/v1/public/time?_t=1'), reply(12345));
    const kept = await cache.get(alice, url('/v1/trade/spot/assets?_t=99'));
    expect(JSON.parse(kept?.body ?? '{}').data).toEqual([{ coin: 'USDT', available: '1000' }]);
    expect(kept).toMatchObject({ area: 'separation', at: 1_000, status: 200 });
    // Bob (another user, or a sub-account switched to) never reads Alice's figures; nobody signed in neither.
    expect(await cache.get(bob, url('/v1/trade/spot/assets'))).toBeUndefined();
    expect(await cache.get(null, url('/v1/trade/spot/assets'))).toBeUndefined();
    expect(await cache.put(null, url('/v1/trade/spot/assets'), reply([]))).toBe(false);
    // The server's time is the same for everyone.
    expect((await cache.get(bob, url('/v1/public/time')))?.area).toBe('common');
  });

  it('deletes the previous user’s replies when nobody is signed in any more, and remembers who is', async () => {
    const { cache } = freshCache();
    const alice = await ownerOf('1001');
    await cache.setCurrentOwner(alice);
    await cache.put(alice, url('/v1/trade/mix/positions'), reply([]));
    await cache.put(alice, url('/v1/public/time'), reply(1));
    expect(await cache.currentOwner()).toBe(alice);
    await cache.setCurrentOwner(null);
    expect(await cache.currentOwner()).toBeNull();
    expect(await cache.get(alice, url('/v1/trade/mix/positions'))).toBeUndefined();
    expect(await cache.get(null, url('/v1/public/time'))).toBeDefined();
  });

  it('keeps within its size limit by letting the oldest replies go', async () => {
    const { cache, clock } = freshCache(1_000);
    const owner = await ownerOf('1001');
    const body = (n: number) => ({ status: 200, contentType: 'application/json', body: 'x'.repeat(n) });
    for (let i = 0; i < 5; i++) {
      clock.now += 1;
      await cache.put(owner, url(`/v1/trade/spot/history-orders?page=${i}`), body(300));
    }
    // 5 × 300 bytes: the two oldest went to keep 900 ≤ 1,000.
    expect(await cache.totalBytes()).toBe(900);
    expect(await cache.get(owner, url('/v1/trade/spot/history-orders?page=0'))).toBeUndefined();
    expect(await cache.get(owner, url('/v1/trade/spot/history-orders?page=1'))).toBeUndefined();
    expect(await cache.get(owner, url('/v1/trade/spot/history-orders?page=4'))).toBeDefined();
    // The same request again replaces its entry rather than counting twice.
    clock.now += 1;
    await cache.put(owner, url('/v1/trade/spot/history-orders?page=4'), body(100));
    expect(await cache.totalBytes()).toBe(700);
    // A reply larger than the whole cache: quota exceeded, and nothing kept is lost.
    await expect(cache.put(owner, url('/v1/trade/spot/assets'), body(1_001))).rejects.toThrow('quota exceeded');
    expect(await cache.totalBytes()).toBe(700);
  });

  it('says "Invalid arguments" for what is not a request and a reply, and what it cannot keep', async () => {
    const { cache } = freshCache();
    await expect(cache.put('x', 'not a url' as unknown as URL, reply(1))).rejects.toThrow('Invalid arguments');
    await expect(
      cache.put('x', url('/v1/public/time'), { status: 200, contentType: '', body: 5 as unknown as string }),
    ).rejects.toBeInstanceOf(StorageError);
    await expect(cache.forgetOwner('')).rejects.toThrow('Invalid arguments');
    expect(await cache.put('x', url('/assets/index.js'), reply(1))).toBe(false);
  });

  it('says "No available storage method found." when the browser gives no IndexedDB', async () => {
    const broken = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'UnknownError');
      },
    } as unknown as IDBFactory;
    const cache = new LocalCache({ name: 'no-idb', indexedDB: broken, IDBKeyRange });
    await expect(cache.put(null, url('/v1/public/time'), reply(1))).rejects.toThrow(
      'No available storage method found.',
    );
    await expect(cache.get(null, url('/v1/public/time'))).rejects.toThrow('No available storage method found.');
  });
});
