import forge from 'node-forge';
import { fromBinary } from './forge-bytes';

/** Upper bound of an embedded root certificate, so hostile input cannot stall the parser. */
const MAX_PEM_LENGTH = 16_384;

/** The SPKI DER of the embedded root certificate's RSA key, or why it cannot be read (signing contract §1). */
export function rootSpkiFromPem(pem: unknown): { spkiDer: Uint8Array } | { error: string } {
  if (typeof pem !== 'string' || !pem.includes('-----BEGIN CERTIFICATE-----'))
    return { error: 'root certificate: not a PEM certificate' };
  if (pem.length > MAX_PEM_LENGTH) return { error: 'root certificate: too large' };
  try {
    const certificate = forge.pki.certificateFromPem(pem);
    return { spkiDer: fromBinary(forge.asn1.toDer(forge.pki.publicKeyToAsn1(certificate.publicKey)).getBytes()) };
  } catch {
    return { error: 'root certificate: unreadable or not RSA' };
  }
}
