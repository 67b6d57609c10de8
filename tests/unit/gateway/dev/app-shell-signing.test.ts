import { createHash, randomBytes } from 'node:crypto';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APP_SHELL_SIGNING_SCRIPT } from '../../../../gateway/dev/app-shell-signing';

/** The script's exports, run as a browser would run it (only what loading it touches exists). */
function loadSigning(): { md5Hex: (bytes: Uint8Array) => string; signedPost: unknown } {
  const sandbox: Record<string, unknown> = {};
  sandbox.globalThis = sandbox;
  new Script(APP_SHELL_SIGNING_SCRIPT).runInNewContext(sandbox);
  return sandbox.appShellSigning as ReturnType<typeof loadSigning>;
}

const nodeMd5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('the app shell signer', () => {
  it('computes MD5 as node:crypto does, at every padding boundary and on random bodies', () => {
    const { md5Hex } = loadSigning();
    expect(md5Hex(new TextEncoder().encode(''))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex(new TextEncoder().encode('The quick brown fox jumps over the lazy dog'))).toBe(
      '9e107d9d372bb6826bd81d3542a419d6',
    );
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 65_536]) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(md5Hex(bytes), `length ${length}`).toBe(nodeMd5(bytes));
    }
  });

  it('defines signedPost and loads without touching the page', () => {
    expect(typeof loadSigning().signedPost).toBe('function');
  });
});
