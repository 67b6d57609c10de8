/** What the SPKI of an RSA public key says about it (signing contract §1: the server key is RSA-2048, e = 65537). */
export interface RsaSpkiInfo {
  modulusBits: number;
  exponent: number;
}

// DER of AlgorithmIdentifier { rsaEncryption, NULL }.
const RSA_ALGORITHM = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

interface Tlv {
  tag: number;
  start: number;
  end: number;
}

function readTlv(der: Uint8Array, at: number, limit: number, tag: number): Tlv | null {
  if (at + 2 > limit || der[at] !== tag) return null;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    // Four length bytes are far beyond any key here; more would be hostile input.
    if (count === 0 || count > 3 || start + count > limit) return null;
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + der[start + i]!;
    start += count;
  }
  const end = start + length;
  return end > limit ? null : { tag, start, end };
}

function integerBits(der: Uint8Array, tlv: Tlv): number {
  let at = tlv.start;
  while (at < tlv.end && der[at] === 0) at += 1;
  if (at === tlv.end) return 0;
  return (tlv.end - at - 1) * 8 + (32 - Math.clz32(der[at]!));
}

/** Reads the modulus size and exponent of a DER SubjectPublicKeyInfo holding an RSA key, or null when it is anything else (signing contract §1). */
export function readRsaSpki(der: Uint8Array): RsaSpkiInfo | null {
  const outer = readTlv(der, 0, der.length, 0x30);
  if (outer?.end !== der.length) return null;
  const algorithm = der.subarray(outer.start, outer.start + RSA_ALGORITHM.length);
  if (algorithm.length !== RSA_ALGORITHM.length || algorithm.some((b, i) => b !== RSA_ALGORITHM[i])) return null;
  const bits = readTlv(der, outer.start + RSA_ALGORITHM.length, outer.end, 0x03);
  // A BIT STRING holding a DER structure has no unused bits.
  if (bits?.end !== outer.end || der[bits.start] !== 0) return null;
  const key = readTlv(der, bits.start + 1, bits.end, 0x30);
  if (key?.end !== bits.end) return null;
  const modulus = readTlv(der, key.start, key.end, 0x02);
  if (!modulus) return null;
  const exponent = readTlv(der, modulus.end, key.end, 0x02);
  if (exponent?.end !== key.end || exponent.end - exponent.start > 4) return null;
  let e = 0;
  for (let i = exponent.start; i < exponent.end; i += 1) e = e * 256 + der[i]!;
  return { modulusBits: integerBits(der, modulus), exponent: e };
}
