import forge from 'node-forge';
import { forgeKeyGenerator } from './forge-key-generator';
import { forgePrimitives } from './forge-primitives';

// Without SubtleCrypto node-forge must not reach for it either (`options` exists at run time, not in its typings).
(forge as unknown as { options: { usePureJavaScript: boolean } }).options.usePureJavaScript = true;

/** node-forge's primitives and key generator: a chunk of its own, loaded only where SubtleCrypto is missing. */
export { forgeKeyGenerator, forgePrimitives };

/** Random bytes from node-forge's own generator (for a worker without `crypto.getRandomValues`). */
export function forgeRandomBytes(length: number): Uint8Array {
  const bytes = forge.random.getBytesSync(length);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) out[i] = bytes.charCodeAt(i);
  return out;
}
