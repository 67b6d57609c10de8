import Dexie, { type EntityTable } from 'dexie';
import { toHex } from '../../engine/crypto/encoding';
import {
  areaOfPath,
  cacheKeyOf,
  isCommonPath,
  LOCAL_CACHE_DB_VERSION,
  LOCAL_CACHE_SIZE_LIMIT,
  LOCAL_CACHE_STORE,
  type StorageArea,
  StorageError,
} from '../../engine/rules/storage-areas';

/** One kept GET `/v1` reply. */
export interface LocalCacheEntry {
  /** `area|owner|request`: the same request of another user is another entry. */
  key: string;
  area: StorageArea;
  /** The user's part of the cache ('' in `common`, which holds replies that are the same for everyone). */
  owner: string;
  /** When it was stored (ms since the epoch): the page says "as of" this time, and the oldest go first. */
  at: number;
  /** Bytes the reply's text takes (UTF-8), counted against the size limit. */
  size: number;
  status: number;
  contentType: string;
  body: string;
}

/** The size part of an `[at+size]` index key. */
const sizeOf = (figure: unknown): number => (Array.isArray(figure) && typeof figure[1] === 'number' ? figure[1] : 0);

/** The database's name; its version and store are the spec's. */
export const LOCAL_CACHE_DB_NAME = 'exchange-local-cache';

/** The cache's own rows (the current owner), kept apart from replies by this first character: never evicted. */
const META_PREFIX = '#';
const OWNER_KEY = `${META_PREFIX}owner`;

export class LocalCacheDb extends Dexie {
  local_cache!: EntityTable<LocalCacheEntry, 'key'>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    // Dexie counts versions in tenths of IndexedDB's: this is IndexedDB version 1, the spec's (§9).
    this.version(LOCAL_CACHE_DB_VERSION / 10).stores({ [LOCAL_CACHE_STORE]: 'key, owner, [at+size]' });
  }
}

export interface LocalCacheOptions {
  name?: string;
  /** Bytes the replies may take together (default the spec's 4,980,736). */
  limit?: number;
  now?: () => number;
  /** Another IndexedDB (tests); default the scope's own. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

/** A reply to keep: its status, content type and text. */
export interface ReplyToKeep {
  status: number;
  contentType: string;
  body: string;
}

const isQuotaError = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'QuotaExceededError' || (error as { inner?: Error }).inner?.name === 'QuotaExceededError');

/**
 * GET `/v1` replies by area (§3), each user's apart: a reply is found only under the owner it was stored for, so once
 * another user signs in (or a sub-account is switched to) the previous one's replies are never read, and signing out
 * deletes them. Replies the same for everyone live in `common`. The replies take at most `limit` bytes together; the
 * oldest go to make room, and again when the browser's quota runs out. Failures are §8's storage errors.
 */
export class LocalCache {
  private readonly db: LocalCacheDb;
  private readonly limit: number;
  private readonly now: () => number;
  private opened: Promise<void> | null = null;

  constructor(options: LocalCacheOptions = {}) {
    this.limit = options.limit ?? LOCAL_CACHE_SIZE_LIMIT;
    this.now = options.now ?? Date.now;
    const indexedDB = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    this.db = new LocalCacheDb(options.name ?? LOCAL_CACHE_DB_NAME, {
      indexedDB,
      IDBKeyRange: options.IDBKeyRange ?? (globalThis as { IDBKeyRange?: typeof IDBKeyRange }).IDBKeyRange,
    });
  }

  /** Opens the database once; "No available storage method found." when the browser has no IndexedDB to give. */
  private open(): Promise<void> {
    this.opened ??= this.db.open().then(
      () => undefined,
      () => {
        this.opened = null;
        throw new StorageError('unavailable');
      },
    );
    return this.opened;
  }

  /** The entry key of a request for `owner`, or null when the request is not one the cache keeps. */
  private keyOf(owner: string | null, url: URL): { key: string; area: StorageArea; owner: string } | null {
    const request = cacheKeyOf(url);
    const area = areaOfPath(url.pathname);
    if (request === null || area === null) return null;
    const part = isCommonPath(url.pathname) ? '' : owner;
    // A user's reply with nobody signed in has no part to go to.
    if (part === null || (part === '' && area !== 'common')) return null;
    return { key: `${area}|${part}|${request}`, area, owner: part };
  }

  /** Keeps a reply; false when it belongs to no one's part (a user's reply with nobody signed in). */
  async put(owner: string | null, url: URL, reply: ReplyToKeep): Promise<boolean> {
    if (!(url instanceof URL) || typeof reply?.body !== 'string' || !Number.isInteger(reply.status))
      throw new StorageError('invalidArguments');
    const place = this.keyOf(owner, url);
    if (!place) return false;
    const entry: LocalCacheEntry = {
      ...place,
      at: this.now(),
      size: new TextEncoder().encode(reply.body).length,
      status: reply.status,
      contentType: reply.contentType,
      body: reply.body,
    };
    if (entry.size > this.limit) throw new StorageError('quotaExceeded');
    await this.open();
    try {
      await this.store(entry, 0);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      // The browser's quota, not ours: free half of what is kept, then try once more.
      try {
        await this.store(entry, Math.floor((await this.totalBytes()) / 2));
      } catch (again) {
        throw isQuotaError(again) ? new StorageError('quotaExceeded') : again;
      }
    }
    return true;
  }

  /** Stores an entry in one transaction, first deleting the oldest replies until it fits and `free` bytes are freed. */
  private store(entry: LocalCacheEntry, free: number): Promise<void> {
    const table = this.db.local_cache;
    return this.db.transaction('rw', table, async () => {
      // Age order without reading a body: the [at+size] index gives both figures.
      const ordered = table.orderBy('[at+size]');
      const [figures, keys] = await Promise.all([ordered.keys(), ordered.primaryKeys()]);
      let total = 0;
      const rows = keys.map((key, index) => {
        const size = sizeOf(figures[index]);
        if (key !== entry.key) total += size;
        return { key, size };
      });
      let freed = 0;
      const doomed: string[] = [];
      for (const row of rows) {
        if (total + entry.size <= this.limit && freed >= free) break;
        if (row.key === entry.key || row.key.startsWith(META_PREFIX)) continue;
        doomed.push(row.key);
        total -= row.size;
        freed += row.size;
      }
      if (doomed.length > 0) await table.bulkDelete(doomed);
      await table.put(entry);
    });
  }

  /** The kept reply to this request for `owner`, if any. */
  async get(owner: string | null, url: URL): Promise<LocalCacheEntry | undefined> {
    const place = this.keyOf(owner, url);
    if (!place) return undefined;
    await this.open();
    return this.db.local_cache.get(place.key);
  }

  /** Deletes every reply of one owner (signing out); returns how many went. */
  async forgetOwner(owner: string): Promise<number> {
    if (!owner) throw new StorageError('invalidArguments');
    await this.open();
    return this.db.local_cache.where('owner').equals(owner).delete();
  }

  /** The bytes the replies take together. */
  async totalBytes(): Promise<number> {
    await this.open();
    const figures = await this.db.local_cache.orderBy('[at+size]').keys();
    return figures.reduce<number>((sum, figure) => sum + sizeOf(figure), 0);
  }

  /** The owner the pages last named (kept here, so a restarted worker still knows it); null when signed out. */
  async currentOwner(): Promise<string | null> {
    await this.open();
    return (await this.db.local_cache.get(OWNER_KEY))?.body || null;
  }

  /** Records who is signed in now; the previous owner's replies are deleted when nobody is. */
  async setCurrentOwner(owner: string | null): Promise<void> {
    const previous = await this.currentOwner();
    if (previous && owner === null) await this.forgetOwner(previous);
    await this.db.local_cache.put({
      key: OWNER_KEY,
      area: 'common',
      owner: '',
      at: Number.MAX_SAFE_INTEGER,
      size: 0,
      status: 0,
      contentType: '',
      body: owner ?? '',
    });
  }

  close(): void {
    this.db.close();
  }
}

/** The part of the cache a user's replies go to: a digest of the user id, so the id itself is never stored. */
export async function ownerOf(userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`local-cache:${userId}`));
  return toHex(new Uint8Array(digest).slice(0, 16));
}
