/** Upper bound of an embedded root certificate, so hostile input cannot stall the parser. */
const MAX_PEM_LENGTH = 16_384;

/** DER of the rsaEncryption algorithm identifier's OID, 1.2.840.113549.1.1.1. */
const RSA_ENCRYPTION_OID = Uint8Array.of(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01);

/** One DER element: where its tag starts, where its contents start, and where it ends. */
interface Element {
  tag: number;
  start: number;
  body: number;
  end: number;
}

/** Reads the DER element at `at` within `[at, limit)`; throws on anything malformed or running past the limit. */
function elementAt(der: Uint8Array, at: number, limit: number): Element {
  if (at + 2 > limit) throw new Error('truncated');
  const tag = der[at]!;
  if ((tag & 0x1f) === 0x1f) throw new Error('long tags are not used in certificates');
  let length = der[at + 1]!;
  let body = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    // Definite lengths of up to 3 bytes: far more than a 16 KB certificate needs, and never indefinite (BER).
    if (count === 0 || count > 3 || body + count > limit) throw new Error('bad length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + der[body + i]!;
    body += count;
  }
  const end = body + length;
  if (end > limit) throw new Error('element runs past its parent');
  return { tag, start: at, body, end };
}

/** The elements directly inside a constructed element. */
function childrenOf(der: Uint8Array, parent: Element): Element[] {
  const out: Element[] = [];
  for (let at = parent.body; at < parent.end; ) {
    const child = elementAt(der, at, parent.end);
    out.push(child);
    at = child.end;
  }
  return out;
}

function pemBody(pem: string): Uint8Array {
  const match = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/.exec(pem);
  if (!match) throw new Error('no certificate block');
  const binary = atob(match[1]!.replace(/\s+/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

const SEQUENCE = 0x30;

/**
 * The SPKI DER of the embedded root certificate's RSA key, or why it cannot be read (signing contract §1). X.509
 * (RFC 5280 §4.1): Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signature }, and tbsCertificate
 * holds, after an optional [0] version, serialNumber, signature, issuer, validity and subject, the
 * subjectPublicKeyInfo. Only that element is taken, whole; the key itself is checked by WebCrypto when imported.
 */
export function rootSpkiFromPem(pem: unknown): { spkiDer: Uint8Array } | { error: string } {
  if (typeof pem !== 'string' || !pem.includes('-----BEGIN CERTIFICATE-----'))
    return { error: 'root certificate: not a PEM certificate' };
  if (pem.length > MAX_PEM_LENGTH) return { error: 'root certificate: too large' };
  try {
    const der = pemBody(pem);
    const certificate = elementAt(der, 0, der.length);
    if (certificate.tag !== SEQUENCE || certificate.end !== der.length) throw new Error('not one certificate');
    const [tbs] = childrenOf(der, certificate);
    if (!tbs || tbs.tag !== SEQUENCE) throw new Error('no tbsCertificate');
    const fields = childrenOf(der, tbs);
    const spki = fields[fields[0]?.tag === 0xa0 ? 6 : 5];
    if (!spki || spki.tag !== SEQUENCE) throw new Error('no subjectPublicKeyInfo');
    const [algorithm] = childrenOf(der, spki);
    const oid = algorithm && algorithm.tag === SEQUENCE ? childrenOf(der, algorithm)[0] : undefined;
    const oidBytes = oid ? der.subarray(oid.start, oid.end) : new Uint8Array();
    if (oidBytes.length !== RSA_ENCRYPTION_OID.length || oidBytes.some((byte, i) => byte !== RSA_ENCRYPTION_OID[i]))
      throw new Error('not an RSA key');
    return { spkiDer: der.slice(spki.start, spki.end) };
  } catch {
    return { error: 'root certificate: unreadable or not RSA' };
  }
}
