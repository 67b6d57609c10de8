import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { contentTypeFor, isCompressible } from './content-types';

/** A file of the built client held in memory with its compressed forms. */
export interface CachedFile {
  body: Bytes;
  gzip?: Bytes;
  brotli?: Bytes;
  contentType: string;
  etag: string;
}

/** Bytes backed by a plain ArrayBuffer, which every Response body accepts. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Files smaller than this are sent as they are: compression would not pay for its headers. */
const MIN_COMPRESS_BYTES = 512;
/** Larger files are served but not kept in memory. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

/** Reads built files once and keeps them (and their gzip and brotli forms) until the file changes on disk. */
export class FileCache {
  private readonly entries = new Map<string, { mtimeMs: number; size: number; file: CachedFile }>();

  /** The file at an absolute path, or undefined when it is missing or not a regular file. */
  get(path: string): CachedFile | undefined {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const cached = this.entries.get(path);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.file;
    const body = ownBytes(readFileSync(path));
    const file = memoryFile(
      body,
      contentTypeFor(path),
      `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    );
    if (body.length <= MAX_CACHED_BYTES) this.entries.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, file });
    return file;
  }
}

/**
 * A file made in memory (a page with its preload links), compressed like a built file: at maximum levels when it is
 * kept (`'best'`: done once, and the pages' byte budgets count compressed bytes), at quick ones when it is made for
 * one request (`'fast'`: a page with a first paint).
 */
export function memoryFile(
  body: Bytes,
  contentType: string,
  etag: string,
  effort: 'best' | 'fast' = 'best',
): CachedFile {
  const file: CachedFile = { body, contentType, etag };
  if (isCompressible(contentType) && body.length >= MIN_COMPRESS_BYTES) {
    const best = effort === 'best';
    file.gzip = ownBytes(gzipSync(body, { level: best ? 9 : 6 }));
    file.brotli = ownBytes(
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  }
  return file;
}

/** Copies bytes out of Node's pooled buffers into their own ArrayBuffer. */
function ownBytes(source: Uint8Array): Bytes {
  const bytes = new Uint8Array(source.byteLength);
  bytes.set(source);
  return bytes;
}
