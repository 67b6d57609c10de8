import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBase64 } from '../../../../engine/crypto/encoding';
import { readRsaSpki } from '../../../../engine/crypto/rsa-spki';
import { parseSignConfig } from '../../../../engine/crypto/sign-config';
import { rawConfig, rsaKey } from './node-primitives';

const root = rsaKey(2048);
const server = rsaKey(2048);
const good = rawConfig(root, server);

function errorOf(input: unknown): string {
  const result = parseSignConfig(input);
  if (result.ok) throw new Error('expected a rejection');
  return result.error;
}

describe('parseSignConfig', () => {
  it('accepts a good config, keeps serverPublicKey exactly as sent and sorts modes longest first', () => {
    const result = parseSignConfig(good);
    if (!result.ok) throw new Error(result.error);
    expect(result.config.serverPublicKey).toBe(server.spkiB64);
    expect(result.config.serverPublicKeyDer).toEqual(server.spkiDer);
    const lengths = result.config.signModes.map((m) => m.path.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    expect(result.config.signModes[0]?.path).toBe('/v1/mix/order/place');
    expect(result.config.userCheckDeviceUrl).toBe('/v1/user/checkDevice');
  });

  it('finds the config inside the response envelope or its data', () => {
    expect(parseSignConfig({ code: '00000', data: { gatewaySignConfig: good } }).ok).toBe(true);
    expect(parseSignConfig({ gatewaySignConfig: good }).ok).toBe(true);
  });

  it('accepts clientOpen false without any key', () => {
    expect(parseSignConfig({ clientOpen: false })).toMatchObject({ ok: true, config: { clientOpen: false } });
  });

  it('falls back to rsa1024 when defaultAlgorithm is missing or unknown, and rejects a non-string', () => {
    for (const value of [undefined, null, 'rsa4096']) {
      expect(parseSignConfig({ ...good, defaultAlgorithm: value })).toMatchObject({
        ok: true,
        config: { defaultAlgorithm: 'rsa1024' },
      });
    }
    expect(parseSignConfig({ ...good, defaultAlgorithm: 'rsa2048' })).toMatchObject({
      ok: true,
      config: { defaultAlgorithm: 'rsa2048' },
    });
    expect(errorOf({ ...good, defaultAlgorithm: 2048 })).toMatch(/^defaultAlgorithm:/);
  });

  it('names the field of each hostile config instead of crashing', () => {
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' });
    const cases: Array<[unknown, RegExp]> = [
      [null, /^gatewaySignConfig:/],
      ['config', /^gatewaySignConfig:/],
      [[good], /^gatewaySignConfig:/],
      [{ ...good, clientOpen: 'true' }, /^clientOpen:/],
      [{ ...good, clientOpen: undefined }, /^clientOpen:/],
      [{ ...good, serverPublicKey: undefined }, /^serverPublicKey:/],
      [{ ...good, serverPublicKey: 42 }, /^serverPublicKey:/],
      [{ ...good, serverPublicKey: 'not base64!' }, /^serverPublicKey: is not standard base64/],
      [
        { ...good, serverPublicKey: `-----BEGIN PUBLIC KEY-----\n${server.spkiB64}\n-----END PUBLIC KEY-----` },
        /^serverPublicKey:/,
      ],
      [{ ...good, serverPublicKey: 'A'.repeat(1_000_000) }, /^serverPublicKey: must be at most/],
      [{ ...good, serverPublicKey: toBase64(Uint8Array.of(1, 2, 3)) }, /^serverPublicKey: is not the SPKI DER/],
      [{ ...good, serverPublicKey: Buffer.from(ecKey).toString('base64') }, /^serverPublicKey: is not the SPKI DER/],
      [{ ...good, serverPublicKey: rsaKey(1024).spkiB64 }, /^serverPublicKey: has 1024 bits/],
      [{ ...good, serverPublicKeySign: '' }, /^serverPublicKeySign:/],
      [{ ...good, serverPublicKeySign: '%%%%' }, /^serverPublicKeySign:/],
      [{ ...good, exactUrls: '/v1/a' }, /^exactUrls:/],
      [{ ...good, exactUrls: [42] }, /^exactUrls\[0\]:/],
      [{ ...good, prefixUrls: ['v1/no-slash'] }, /^prefixUrls\[0\]:/],
      [{ ...good, prefixUrls: ['/v1/a?b=1'] }, /^prefixUrls\[0\]:/],
      [{ ...good, prefixUrls: Array.from({ length: 5000 }, (_, i) => `/v1/${i}`) }, /^prefixUrls: must hold at most/],
      [{ ...good, exactUrls: [`/${'a'.repeat(5000)}`] }, /^exactUrls\[0\]:/],
      [{ ...good, signModes: ['1'] }, /^signModes:/],
      [{ ...good, signModes: { '/v1/a': 3 } }, /^signModes\["\/v1\/a"\]: must be a string/],
      [{ ...good, signModes: { '/v1/a': 'everything' } }, /^signModes\["\/v1\/a"\]:/],
      [{ ...good, signModes: { 'no-slash': '1' } }, /^signModes key/],
      [{ ...good, userCheckDeviceUrl: 7 }, /^userCheckDeviceUrl:/],
    ];
    for (const [input, expected] of cases) expect(errorOf(input)).toMatch(expected);
  });
});

describe('readRsaSpki', () => {
  it('reads modulus bits and exponent of RSA keys, and rejects anything else', () => {
    expect(readRsaSpki(server.spkiDer)).toEqual({ modulusBits: 2048, exponent: 65537 });
    expect(readRsaSpki(rsaKey(1024).spkiDer)).toEqual({ modulusBits: 1024, exponent: 65537 });
    expect(readRsaSpki(server.spkiDer.subarray(0, 100))).toBeNull();
    expect(readRsaSpki(Uint8Array.of(...server.spkiDer, 0))).toBeNull();
    expect(readRsaSpki(new Uint8Array())).toBeNull();
    expect(readRsaSpki(Uint8Array.of(0x30, 0x84, 0xff, 0xff, 0xff, 0xff))).toBeNull();
  });
});
