import { readFileSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
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
/** The names of a built file's compressed forms, written beside it by the build (vite.config.ts, `precompress`). */
export const COMPRESSED_SUFFIX = { brotli: '.br', gzip: '.gz' } as const;
/** Larger files are served but not kept in memory. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

/** Reads built files once and keeps them (and their gzip and brotli forms) until the file changes on disk. */
export class FileCache {
  private readonly entries = new Map<string, { mtimeMs: number; size: number; file: CachedFile }>();

  /**
   * The file at an absolute path, or undefined when it is missing or not a regular file. Its compressed forms are the
   * build's (`.br` and `.gz` beside it, when not older than the file), else made here once: at the best levels that
   * is seconds of a blocked event loop for a whole build, which a gateway just started would spend on its first visitors.
   */
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
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const brotli = builtForm(path + COMPRESSED_SUFFIX.brotli, stat.mtimeMs);
    const gzipped = builtForm(path + COMPRESSED_SUFFIX.gzip, stat.mtimeMs);
    const file =
      brotli && gzipped
        ? { body, brotli, gzip: gzipped, contentType: contentTypeFor(path), etag }
        : memoryFile(body, contentTypeFor(path), etag);
    if (body.length <= MAX_CACHED_BYTES) this.entries.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, file });
    return file;
  }
}

/** A compressed form the build wrote, when it exists and is not older than its file. */
function builtForm(path: string, fileMtimeMs: number): Bytes | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() && stat.mtimeMs >= fileMtimeMs ? ownBytes(readFileSync(path)) : undefined;
  } catch {
    return undefined;
  }
}

/** Gzip at level 9 and brotli at quality 11, the forms a kept file is sent in. */
const BEST = {
  gzip: { level: 9 },
  brotli: (size: number) => ({
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  }),
};

/**
 * The compressed forms of a built file (name for its type), or null when it is sent as it is: the same bytes the
 * gateway would make, made on the thread pool so a build compresses its files side by side.
 */
export async function compressedForms(name: string, body: Uint8Array): Promise<{ brotli: Bytes; gzip: Bytes } | null> {
  if (!isCompressible(contentTypeFor(name)) || body.length < MIN_COMPRESS_BYTES) return null;
  const [brotli, gzipped] = await Promise.all([
    promisify(brotliCompress)(body, BEST.brotli(body.length)),
    promisify(gzip)(body, BEST.gzip),
  ]);
  return { brotli: ownBytes(brotli), gzip: ownBytes(gzipped) };
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
    file.gzip = ownBytes(gzipSync(body, best ? BEST.gzip : { level: 6 }));
    file.brotli = ownBytes(
      brotliCompressSync(
        body,
        best
          ? BEST.brotli(body.length)
          : { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
      ),
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
