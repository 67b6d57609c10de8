// Test helper for the browser: a test root certificate, a server key it signs, and a server-side JWE opener, all in the page.
import * as Comlink from 'comlink';
import forge from 'node-forge';
import type { CryptoApi } from '../../../workers/crypto.api';

const RSASSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const E = Uint8Array.of(1, 0, 1);
const enc = new TextEncoder();

export const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
export const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const unb64u = (text: string) =>
  unb64(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
export const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
export const md5Hex = (text: string) => forge.md.md5.create().update(forge.util.encodeUtf8(text)).digest().toHex();

/** A root CA: its self-signed certificate (made with node-forge) and its WebCrypto signing key. */
export interface TestRoot {
  pem: string;
  privateKey: CryptoKey;
}

/** Makes a self-signed RSA-2048 root certificate. */
export async function makeRoot(): Promise<TestRoot> {
  const pair = await crypto.subtle.generateKey({ ...RSASSA, modulusLength: 2048, publicExponent: E }, true, [
    'sign',
    'verify',
  ]);
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const privateKey = forge.pki.privateKeyFromAsn1(
    forge.asn1.fromDer(String.fromCharCode(...pkcs8)),
  ) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: 'commonName', value: 'DS1 test root' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(privateKey, forge.md.sha256.create());
  return { pem: forge.pki.certificateToPem(cert), privateKey: pair.privateKey };
}

/** The gateway's RSA-OAEP-256 key pair and its b64 SPKI. */
export interface TestServer {
  spkiB64: string;
  privateKey: CryptoKey;
}

/** Makes a server key pair. */
export async function makeServer(): Promise<TestServer> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', hash: 'SHA-256', modulusLength: 2048, publicExponent: E },
    true,
    ['encrypt', 'decrypt'],
  );
  return { spkiB64: b64(await crypto.subtle.exportKey('spki', pair.publicKey)), privateKey: pair.privateKey };
}

/** A raw signing config whose server key is signed by `root` over `DS1-spk:` + hex(MD5(serverPublicKey)). */
export async function makeConfig(
  root: TestRoot,
  server: TestServer,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const signature = await crypto.subtle.sign(
    RSASSA.name,
    root.privateKey,
    enc.encode(`DS1-spk:${md5Hex(server.spkiB64)}`),
  );
  return {
    clientOpen: true,
    serverPublicKey: server.spkiB64,
    serverPublicKeySign: b64(signature),
    defaultAlgorithm: 'rsa2048',
    exactUrls: ['/v1/user/overview/userinfo'],
    prefixUrls: ['/v1/mix/'],
    signModes: { '/v1/mix/': '3', '/v1/user/login': 'enc:loginName,pwd' },
    userCheckDeviceUrl: '/v1/user/checkDevice',
    ...extra,
  };
}

/** Opens a login JWE as the gateway would: unwrap, check the tag, decrypt; returns the header and the plaintext object. */
export async function openJwe(
  jwe: string,
  server: TestServer,
): Promise<{ header: string; plaintext: Record<string, unknown> }> {
  const [h, k, iv, c, t] = jwe.split('.') as [string, string, string, string, string];
  const cek = new Uint8Array(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, server.privateKey, unb64u(k)));
  const aad = enc.encode(h);
  const al = new Uint8Array(8);
  new DataView(al.buffer).setBigUint64(0, BigInt(aad.length * 8));
  const mac = await crypto.subtle.importKey('raw', cek.slice(0, 16), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const ciphertext = unb64u(c);
  const full = new Uint8Array(
    await crypto.subtle.sign('HMAC', mac, new Uint8Array([...aad, ...unb64u(iv), ...ciphertext, ...al])),
  );
  if (hex(full.slice(0, 16)) !== hex(unb64u(t))) throw new Error('JWE tag mismatch');
  const aes = await crypto.subtle.importKey('raw', cek.slice(16, 32), 'AES-CBC', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: unb64u(iv) }, aes, ciphertext);
  return {
    header: new TextDecoder().decode(unb64u(h)),
    plaintext: JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>,
  };
}

/** Verifies an RSASSA-PKCS1-v1_5/SHA-256 signature with a b64 SPKI public key, in the page. */
export async function verifyWith(publicKeyB64: string, signatureB64: string, text: string): Promise<boolean> {
  const key = await crypto.subtle.importKey('spki', unb64(publicKeyB64), RSASSA, false, ['verify']);
  return crypto.subtle.verify(RSASSA.name, key, unb64(signatureB64), enc.encode(text));
}

/** hex(SHA-256(text)) in the page. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', typeof data === 'string' ? enc.encode(data) : new Uint8Array(data)));
}

/** A real crypto worker behind Comlink, as the app starts it. */
export function startCryptoWorker(): { api: Comlink.Remote<CryptoApi>; stop(): void } {
  const worker = new Worker(new URL('../../../workers/crypto.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<CryptoApi>(worker);
  return {
    api,
    stop() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/** A fresh key database name per test. */
export const freshDbName = () => `ds1-test-${crypto.randomUUID()}`;
