import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPRESSED_SUFFIX, compressedForms, FileCache, memoryFile } from '../../../../gateway/static/file-cache';
import { tempDir } from '../support';

const dirs: { remove: () => void }[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

/** A built file of `size` bytes of script in a fresh directory; its path. */
function builtScript(size = 4096): string {
  const dir = tempDir('file-cache-');
  dirs.push(dir);
  const path = join(dir.path, 'chunk-abc123.js');
  writeFileSync(path, 'export const value = "x";\n'.repeat(Math.ceil(size / 26)).slice(0, size));
  return path;
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('FileCache', () => {
  it("sends the build's compressed forms of a file as they are", () => {
    const path = builtScript();
    writeFileSync(path + COMPRESSED_SUFFIX.brotli, 'the build brotli');
    writeFileSync(path + COMPRESSED_SUFFIX.gzip, 'the build gzip');
    const file = new FileCache().get(path)!;
    expect(text(file.brotli)).toBe('the build brotli');
    expect(text(file.gzip)).toBe('the build gzip');
    expect(file.contentType).toMatch(/^text\/javascript/);
  });

  it('compresses a file itself when the build wrote no forms, or forms older than the file', () => {
    const path = builtScript();
    expect(new FileCache().get(path)!.brotli?.length).toBeGreaterThan(0);
    writeFileSync(path + COMPRESSED_SUFFIX.brotli, 'stale');
    writeFileSync(path + COMPRESSED_SUFFIX.gzip, 'stale');
    const past = new Date(Date.now() - 60_000);
    utimesSync(path + COMPRESSED_SUFFIX.brotli, past, past);
    utimesSync(path + COMPRESSED_SUFFIX.gzip, past, past);
    const file = new FileCache().get(path)!;
    expect(text(file.brotli)).not.toBe('stale');
    expect(text(file.gzip)).not.toBe('stale');
  });
});

describe('compressedForms', () => {
  it('makes the very bytes the gateway would make, and nothing for small or binary files', async () => {
    const body = new TextEncoder().encode('const price = "64123.50";\n'.repeat(400));
    const made = memoryFile(body, 'text/javascript; charset=utf-8', 'W/"x"');
    const forms = await compressedForms('assets/x.js', body);
    expect(Buffer.from(forms!.brotli).equals(Buffer.from(made.brotli!))).toBe(true);
    expect(Buffer.from(forms!.gzip).equals(Buffer.from(made.gzip!))).toBe(true);
    expect(await compressedForms('assets/tiny.js', new Uint8Array(100))).toBeNull();
    expect(await compressedForms('favicon.png', new Uint8Array(4096))).toBeNull();
  });
});
