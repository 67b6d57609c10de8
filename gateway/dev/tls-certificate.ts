import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** A key and its certificate as PEM, the shape of the gateway's `tls` option. */
export interface TlsPem {
  key: string;
  cert: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A throwaway self-signed server certificate for the loopback names (127.0.0.1, ::1, localhost), valid for a day:
 * what the benches and tests give the gateway to serve HTTPS and HTTP/2 as production does. Clients must trust it
 * explicitly (a browser context's `ignoreHTTPSErrors`, a Node client's `ca`); node:crypto cannot issue certificates,
 * node-forge writes it.
 */
export function loopbackTlsCertificate(now = new Date()): TlsPem {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
  const key = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(key) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + DAY_MS);
  const name = [{ name: 'commonName', value: 'localhost' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
      ],
    },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}
