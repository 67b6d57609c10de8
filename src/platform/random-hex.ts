/** `bytes` random bytes from the platform CSPRNG, as lowercase hex (trace ids, terminal codes). */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}
