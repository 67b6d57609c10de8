// The CLIENT side of DS1 for tests, written from shared/contracts/signing.md with node:crypto only,
// independently of gateway/security, so that agreement between the two proves the contract.
import {
  constants,
  createCipheriv,
  createHash,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  publicEncrypt,
  randomBytes,
  sign,
} from 'node:crypto';

/** A client key pair as contract §2 describes it. */
export interface ClientKey {
  privateKey: KeyObject;
  /** b64(SPKI DER). */
  publicKey: string;
  keyId: string;
  algorithm: 'rsa1024' | 'rsa2048';
}

const md5 = (data: string | Uint8Array) => createHash('md5').update(data).digest('hex');
const b64u = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

/** Generates an RSA client key (e = 65537) of the algorithm's size; `bits` overrides the size for negative tests. */
export function makeClientKey(
  algorithm: 'rsa1024' | 'rsa2048',
  options: { bits?: number; exponent?: number } = {},
): ClientKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: options.bits ?? (algorithm === 'rsa1024' ? 1024 : 2048),
    publicExponent: options.exponent ?? 65537,
  });
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return {
    privateKey,
    publicKey: der.toString('base64'),
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 32),
    algorithm,
  };
}

/** b64 RSASSA-PKCS1-v1_5/SHA-256 signature over UTF-8 text. */
export function signText(privateKey: KeyObject, text: string): string {
  return sign('sha256', Buffer.from(text, 'utf8'), { key: privateKey, padding: constants.RSA_PKCS1_PADDING }).toString(
    'base64',
  );
}

/** Everything a login envelope is built from; the optional fields break one thing each for negative tests. */
export interface EnvelopeInput {
  serverPublicKey: string;
  client: ClientKey;
  path: string;
  ts: number;
  fields: Record<string, unknown>;
  /** Replaces the protected header object. */
  header?: Record<string, unknown>;
  /** Changes the plaintext object after initSign was computed. */
  editPlaintext?: (plain: Record<string, unknown>) => void;
  /** Text to sign instead of the contract's `initSign` text. */
  initSignText?: string;
  /** Signs initSign with this key instead of the client's. */
  initSignKey?: KeyObject;
}

/** Builds `bodyCiphertext` by contract §3: JWE compact, RSA-OAEP-256 key wrap, A128CBC-HS256 content encryption. */
export function buildEnvelope(input: EnvelopeInput): string {
  const fp = md5(input.serverPublicKey);
  const initText = input.initSignText ?? `DS1-init\n${input.path}\n${input.ts}\n${fp}\n${input.client.publicKey}`;
  const plain: Record<string, unknown> = {
    ...input.fields,
    algorithm: input.client.algorithm,
    publicKey: input.client.publicKey,
    initSign: signText(input.initSignKey ?? input.client.privateKey, initText),
    ts: input.ts,
    path: input.path,
  };
  input.editPlaintext?.(plain);
  const header = b64u(JSON.stringify(input.header ?? { alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256', kid: fp }));
  const cek = randomBytes(32);
  const iv = randomBytes(16);
  const serverKey = createPublicKey({ key: Buffer.from(input.serverPublicKey, 'base64'), format: 'der', type: 'spki' });
  const encryptedKey = publicEncrypt(
    { key: serverKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    cek,
  );
  const cipher = createCipheriv('aes-128-cbc', cek.subarray(16), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
  const aad = Buffer.from(header, 'ascii');
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  const tag = createHmac('sha256', cek.subarray(0, 16))
    .update(Buffer.concat([aad, iv, ciphertext, al]))
    .digest()
    .subarray(0, 16);
  return [header, b64u(encryptedKey), b64u(iv), b64u(ciphertext), b64u(tag)].join('.');
}

/** What a signed core request is made of (contract §4). */
export interface SignInput {
  client: ClientKey;
  mode: string;
  method: string;
  /** Path with query exactly as it will be sent. */
  target: string;
  requestTime: string;
  traceId: string;
  body?: string;
  /** Extra request headers (covered when the mode names them with `h:`). */
  headers?: Record<string, string>;
}

/** The headers a client sends on a signed core request (contract §4). */
export function signedHeaders(input: SignInput): Record<string, string> {
  const bodyMd5 = md5(input.body ?? '');
  const items =
    input.mode === '1'
      ? []
      : input.mode === '2'
        ? ['traceId']
        : input.mode === '3'
          ? ['traceId', 'body']
          : input.mode.split(',');
  const lines = ['DS1', input.mode, input.method.toUpperCase(), input.target, input.requestTime.slice(0, 8)];
  for (const item of items) {
    if (item === 'traceId') lines.push(input.traceId);
    else if (item === 'body') lines.push(bodyMd5);
    else if (item.startsWith('h:')) {
      const name = item.slice(2);
      const value =
        Object.entries(input.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? '';
      lines.push(`h:${name}:${value}`);
    }
  }
  const headers: Record<string, string> = {
    ...input.headers,
    'request-time': input.requestTime,
    'trace-id': input.traceId,
    'device-sign': signText(input.client.privateKey, lines.join('\n')),
    'device-sign-mode': input.mode,
    'device-sign-key': input.client.keyId,
  };
  if (items.includes('body')) headers['device-sign-data-md5'] = bodyMd5;
  return headers;
}

/** 32 random lowercase hex characters, as the request layer's `trace-id`. */
export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}

/** `userCheckDeviceSign` of contract §5. */
export function deviceCheckSign(
  client: ClientKey,
  method: string,
  path: string,
  requestTime: string,
  traceId: string,
): string {
  return signText(client.privateKey, `DS1-check\n${method}\n${path}\n${requestTime.slice(0, 8)}\n${traceId}`);
}
