import { constants, createHash, verify, X509Certificate } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ROOT_COMMON_NAME, ensureDevRoot, loadRoot, type SigningRoot } from '../../../../gateway/security/dev-root';
import { createSigningIdentity, loadServerKey, SERVER_KEY_FILE } from '../../../../gateway/security/server-key';
import { tempDir } from '../support';

const dirs: { remove: () => void }[] = [];
const newDir = () => {
  const dir = tempDir('gateway-root-');
  dirs.push(dir);
  return dir.path;
};
afterAll(() => {
  for (const dir of dirs) dir.remove();
});

/** What the client does (contract §1): verify serverPublicKeySign with the embedded certificate's public key. */
function clientAccepts(certPem: string, serverPublicKey: string, serverPublicKeySign: string): boolean {
  const text = `DS1-spk:${createHash('md5').update(serverPublicKey).digest('hex')}`;
  const key = new X509Certificate(certPem).publicKey;
  return verify(
    'sha256',
    Buffer.from(text),
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(serverPublicKeySign, 'base64'),
  );
}

let rootDir: string;
let root: SigningRoot;
let otherRoot: SigningRoot;
beforeAll(() => {
  rootDir = newDir();
  root = loadRoot(ensureDevRoot(rootDir));
  otherRoot = loadRoot(ensureDevRoot(newDir()));
});

describe('ensureDevRoot', () => {
  it('writes a self-signed 10-year CA certificate and a private key readable only by the owner', () => {
    const cert = new X509Certificate(readFileSync(join(rootDir, 'root-cert.pem'), 'utf8'));
    expect(cert.subject).toBe(`CN=${DEV_ROOT_COMMON_NAME}`);
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.ca).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(9.99);
    expect(years).toBeLessThan(10.01);
    expect(statSync(join(rootDir, 'root-key.pem')).mode & 0o777).toBe(0o600);
  });

  it('reads the same root back on later calls', () => {
    expect(ensureDevRoot(rootDir)).toEqual({ certPem: root.certPem, keyPem: root.keyPem });
  });

  it('issues the certificate again for the existing key when only the certificate is missing', () => {
    const dir = newDir();
    const first = ensureDevRoot(dir);
    rmSync(join(dir, 'root-cert.pem'));
    const second = ensureDevRoot(dir);
    expect(second.keyPem).toBe(first.keyPem);
    expect(second.certPem).not.toBe(first.certPem);
    expect(loadRoot(second).certificate.ca).toBe(true);
  });

  it('fails loudly when a file is corrupt instead of serving another root', () => {
    const dir = newDir();
    ensureDevRoot(dir);
    writeFileSync(join(dir, 'root-cert.pem'), 'not a certificate');
    expect(() => ensureDevRoot(dir)).toThrow();
  });
});

describe('loadRoot', () => {
  it('refuses a key that does not belong to the certificate', () => {
    expect(() => loadRoot({ certPem: root.certPem, keyPem: otherRoot.keyPem })).toThrow(/does not match/);
  });
});

describe('loadServerKey', () => {
  it('creates an RSA-2048 key with e = 65537 in a 0600 file and loads the same key later', () => {
    const dataDir = newDir();
    const first = loadServerKey(dataDir);
    expect(statSync(join(dataDir, SERVER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(first.privateKey.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048, publicExponent: 65537n });
    expect(loadServerKey(dataDir).publicKeyB64).toBe(first.publicKeyB64);
  });
});

describe('createSigningIdentity', () => {
  let serverKey: ReturnType<typeof loadServerKey>;
  beforeAll(() => {
    serverKey = loadServerKey(newDir());
  });

  it("signs the server key so the client accepts it with the root certificate's public key", () => {
    const identity = createSigningIdentity(serverKey, root);
    expect(identity.fingerprint).toBe(createHash('md5').update(identity.serverPublicKey).digest('hex'));
    expect(clientAccepts(root.certPem, identity.serverPublicKey, identity.serverPublicKeySign)).toBe(true);
  });

  it('is rejected by a client that embeds another root', () => {
    const identity = createSigningIdentity(serverKey, root);
    expect(clientAccepts(otherRoot.certPem, identity.serverPublicKey, identity.serverPublicKeySign)).toBe(false);
  });

  it('is rejected when the served key is not the signed one', () => {
    const identity = createSigningIdentity(serverKey, root);
    const otherKey = loadServerKey(newDir()).publicKeyB64;
    expect(clientAccepts(root.certPem, otherKey, identity.serverPublicKeySign)).toBe(false);
  });

  it('re-signs for a new root', () => {
    const identity = createSigningIdentity(serverKey, otherRoot);
    expect(clientAccepts(otherRoot.certPem, identity.serverPublicKey, identity.serverPublicKeySign)).toBe(true);
    expect(clientAccepts(root.certPem, identity.serverPublicKey, identity.serverPublicKeySign)).toBe(false);
  });
});
