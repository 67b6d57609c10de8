import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { writeOnce } from './write-once';

/** The root's certificate and private key as PEM text (contract §1: the client embeds the certificate). */
export interface RootPem {
  certPem: string;
  keyPem: string;
}

/** A root ready to sign: its PEM text plus the parsed certificate and private key. */
export interface SigningRoot extends RootPem {
  certificate: X509Certificate;
  privateKey: KeyObject;
}

/** Directory of the development root, relative to the repository root. */
export const DEFAULT_DEV_ROOT_DIR = '.dev-root';
/** File name of the root certificate inside the root directory (the client build embeds this file). */
export const ROOT_CERT_FILE = 'root-cert.pem';
/** File name of the root private key inside the root directory (mode 0600). */
export const ROOT_KEY_FILE = 'root-key.pem';
/** Common name of the development root certificate. */
export const DEV_ROOT_COMMON_NAME = 'Exchange Dev Signing Root';

const VALIDITY_YEARS = 10;

/** Returns the development root in `dir`, creating an RSA-2048 key and a self-signed 10-year CA certificate on first use. */
export function ensureDevRoot(dir: string): RootPem {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keyPath = join(dir, ROOT_KEY_FILE);
  const certPath = join(dir, ROOT_CERT_FILE);
  // Losing a creation race is fine: the file that won is read back below.
  if (!existsSync(keyPath)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
    writeOnce(keyPath, privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 0o600);
  }
  const keyPem = readFileSync(keyPath, 'utf8');
  // A certificate missing beside an existing key (a crash between the two writes) is issued again for that key.
  if (!existsSync(certPath)) writeOnce(certPath, selfSignedCertificate(keyPem, new Date()), 0o644);
  const root = { certPem: readFileSync(certPath, 'utf8'), keyPem };
  loadRoot(root);
  return root;
}

/** Parses a root given as PEM (the dev root or a production one from settings) and checks the key belongs to the certificate. */
export function loadRoot(pem: RootPem): SigningRoot {
  const certificate = new X509Certificate(pem.certPem);
  const privateKey = createPrivateKey(pem.keyPem);
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('The signing root key must be an RSA key');
  if (!certificate.checkPrivateKey(privateKey)) throw new Error('The signing root key does not match its certificate');
  return { ...pem, certificate, privateKey };
}

/** Builds the self-signed X.509 v3 CA certificate of the dev root with node-forge (node:crypto cannot issue certificates). */
function selfSignedCertificate(keyPem: string, now: Date): string {
  const privateKey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  // A positive serial: clear the top bit so DER does not read it as negative.
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALIDITY_YEARS);
  const name = [{ name: 'commonName', value: DEV_ROOT_COMMON_NAME }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}
