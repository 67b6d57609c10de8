import {
  constants,
  createDecipheriv,
  createHash,
  createHmac,
  privateDecrypt,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLoginEnvelope } from '../../../../engine/crypto/login-envelope';
import { parseSignConfig, type SignConfig } from '../../../../engine/crypto/sign-config';
import { clientPair, nodePrimitives, rawConfig, rsaKey, type TestRsaKey } from './node-primitives';

let server: TestRsaKey;
let config: SignConfig;
const pair = clientPair('rsa1024');

beforeAll(() => {
  server = rsaKey(2048);
  const parsed = parseSignConfig(rawConfig(rsaKey(2048), server));
  if (!parsed.ok) throw new Error(parsed.error);
  config = parsed.config;
});

/** Opens a DS1 login JWE the way a server would, with node:crypto only. */
function openJwe(jwe: string, serverKey: TestRsaKey) {
  const parts = jwe.split('.');
  expect(parts).toHaveLength(5);
  const [header, wrapped, iv, ciphertext, tag] = parts.map((p) => Buffer.from(p!, 'base64url'));
  const cek = privateDecrypt(
    { key: serverKey.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    wrapped!,
  );
  const aad = Buffer.from(parts[0]!, 'ascii');
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  const mac = createHmac('sha256', cek.subarray(0, 16))
    .update(Buffer.concat([aad, iv!, ciphertext!, al]))
    .digest()
    .subarray(0, 16);
  const decipher = createDecipheriv('aes-128-cbc', cek.subarray(16, 32), iv!);
  const plaintext = Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
  return {
    header: header!.toString('utf8'),
    cek,
    iv: iv!,
    tagOk: timingSafeEqual(mac, tag!),
    plaintext: JSON.parse(plaintext) as Record<string, unknown>,
  };
}

const ts = 1_755_453_539_736;

describe('buildLoginEnvelope', () => {
  it('moves the named fields into a JWE the server key opens, and keeps the others beside bodyCiphertext', async () => {
    const body = { loginName: 'alice@example.com', pwd: 'correct horse', areaCode: '86' };
    const out = await buildLoginEnvelope(nodePrimitives, config, pair, {
      path: '/v1/user/login',
      body,
      ts,
      fields: ['loginName', 'pwd'],
    });
    expect(Object.keys(out)).toEqual(['areaCode', 'bodyCiphertext']);
    expect(out.areaCode).toBe('86');
    expect(JSON.stringify(out)).not.toContain('correct horse');

    const fp = createHash('md5').update(server.spkiB64, 'utf8').digest('hex');
    const opened = openJwe(out.bodyCiphertext as string, server);
    expect(opened.header).toBe(`{"alg":"RSA-OAEP-256","enc":"A128CBC-HS256","kid":"${fp}"}`);
    expect(opened.cek).toHaveLength(32);
    expect(opened.iv).toHaveLength(16);
    expect(opened.tagOk).toBe(true);
    expect(opened.plaintext).toEqual({
      loginName: 'alice@example.com',
      pwd: 'correct horse',
      algorithm: 'rsa1024',
      publicKey: pair.publicKey,
      initSign: expect.any(String),
      ts,
      path: '/v1/user/login',
    });
  });

  it('signs initSign over DS1-init, path, ts, fp and publicKey with the client key', async () => {
    const out = await buildLoginEnvelope(nodePrimitives, config, pair, {
      path: '/v1/user/login',
      body: { pwd: 'x' },
      ts,
      fields: ['pwd'],
    });
    const { plaintext } = openJwe(out.bodyCiphertext as string, server);
    const fp = createHash('md5').update(server.spkiB64, 'utf8').digest('hex');
    const text = `DS1-init\n/v1/user/login\n${ts}\n${fp}\n${pair.publicKey}`;
    expect(
      verify('sha256', Buffer.from(text), pair.privateKey, Buffer.from(plaintext.initSign as string, 'base64')),
    ).toBe(true);
  });

  it('uses a fresh content key and IV for every envelope', async () => {
    const input = { path: '/v1/user/login', body: { pwd: 'x' }, ts, fields: ['pwd'] };
    const a = openJwe((await buildLoginEnvelope(nodePrimitives, config, pair, input)).bodyCiphertext as string, server);
    const b = openJwe((await buildLoginEnvelope(nodePrimitives, config, pair, input)).bodyCiphertext as string, server);
    expect(a.cek.equals(b.cek)).toBe(false);
    expect(a.iv.equals(b.iv)).toBe(false);
  });

  it('puts only fields that are present into the plaintext and the path without a query', async () => {
    const out = await buildLoginEnvelope(nodePrimitives, config, pair, {
      path: '/v1/user/login?lang=en',
      body: { pwd: 'x', other: 1 },
      ts,
      fields: ['loginName', 'pwd'],
    });
    const { plaintext } = openJwe(out.bodyCiphertext as string, server);
    expect(plaintext).not.toHaveProperty('loginName');
    expect(plaintext.path).toBe('/v1/user/login');
    expect(out.other).toBe(1);
  });

  it('keeps a "__proto__" field as plain data', async () => {
    const body = JSON.parse('{"__proto__":{"polluted":true},"pwd":"p"}') as Record<string, unknown>;
    const out = await buildLoginEnvelope(nodePrimitives, config, pair, {
      path: '/v1/user/login',
      body,
      ts,
      fields: ['pwd'],
    });
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a ts that is not ms since epoch', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      await expect(
        buildLoginEnvelope(nodePrimitives, config, pair, { path: '/v1/user/login', body: {}, ts: bad, fields: [] }),
      ).rejects.toThrow(RangeError);
    }
  });
});
