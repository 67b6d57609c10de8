/** Bytes as the binary string node-forge works with (signing contract: forge fallback of §2). */
export function toBinary(bytes: Uint8Array): string {
  let out = '';
  // Chunks keep String.fromCharCode under the engine's argument limit for large bodies.
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

/** A node-forge binary string as bytes. */
export function fromBinary(binary: string): Uint8Array {
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** A copy backed by a plain ArrayBuffer, as WebCrypto's BufferSource wants. */
export function bufferOf(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}
