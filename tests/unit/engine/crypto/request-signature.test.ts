import { createHash, verify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { utf8 } from '../../../../engine/crypto/encoding';
import { type RequestToSign, signCoreRequest, signingApplies } from '../../../../engine/crypto/request-signature';
import { parseSignConfig, type SignConfig } from '../../../../engine/crypto/sign-config';
import knownAnswers from '../../../fixtures/ds1-known-answers.json';
import { clientPair, nodePrimitives, rawConfig, rsaKey } from './node-primitives';

let config: SignConfig;
const pair = clientPair('rsa1024');

beforeAll(() => {
  const parsed = parseSignConfig(rawConfig(rsaKey(2048), rsaKey(2048)));
  if (!parsed.ok) throw new Error(parsed.error);
  config = parsed.config;
});

const fox = knownAnswers.md5[0]!;
const request = (extra: Partial<RequestToSign> = {}): RequestToSign => ({
  method: 'POST',
  pathWithQuery: '/v1/mix/order/place',
  requestTime: '1755453539736',
  traceId: '0123456789abcdef0123456789abcdef',
  body: utf8(fox.text),
  headers: { locale: 'en-US' },
  ...extra,
});

function verifies(text: string, signatureB64: string): boolean {
  return verify('sha256', Buffer.from(text, 'utf8'), pair.privateKey, Buffer.from(signatureB64, 'base64'));
}

describe('signCoreRequest', () => {
  it('mode 3 sends the four headers; the body md5 is the contract known answer and the signature verifies', async () => {
    const outcome = await signCoreRequest(nodePrimitives, config, pair, request());
    if (!outcome.signed) throw new Error(outcome.skipped);
    expect(Object.keys(outcome.headers).sort()).toEqual([
      'device-sign',
      'device-sign-data-md5',
      'device-sign-key',
      'device-sign-mode',
    ]);
    expect(outcome.headers['device-sign-mode']).toBe('3');
    expect(outcome.headers['device-sign-data-md5']).toBe(fox.hex);
    const text = `DS1\n3\nPOST\n/v1/mix/order/place\n17554535\n0123456789abcdef0123456789abcdef\n${fox.hex}`;
    expect(verifies(text, outcome.headers['device-sign'])).toBe(true);
    expect(outcome.headers['device-sign']).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it('device-sign-key is the first 32 hex of SHA-256 of the SPKI DER', async () => {
    const outcome = await signCoreRequest(nodePrimitives, config, pair, request());
    const expected = createHash('sha256').update(Buffer.from(pair.publicKey, 'base64')).digest('hex').slice(0, 32);
    expect(outcome.signed && outcome.headers['device-sign-key']).toBe(expected);
  });

  it('an empty body under mode 3 hashes to MD5("")', async () => {
    const outcome = await signCoreRequest(
      nodePrimitives,
      config,
      pair,
      request({ method: 'get', body: new Uint8Array() }),
    );
    expect(outcome.signed && outcome.headers['device-sign-data-md5']).toBe(knownAnswers.md5[1]!.hex);
  });

  it('leaves out device-sign-data-md5 when the mode does not cover the body', async () => {
    const outcome = await signCoreRequest(
      nodePrimitives,
      config,
      pair,
      request({ pathWithQuery: '/v1/mix/order/cancel?id=7' }),
    );
    if (!outcome.signed) throw new Error(outcome.skipped);
    expect(outcome.headers['device-sign-mode']).toBe('2');
    expect(outcome.headers).not.toHaveProperty('device-sign-data-md5');
    expect(
      verifies(
        'DS1\n2\nPOST\n/v1/mix/order/cancel?id=7\n17554535\n0123456789abcdef0123456789abcdef',
        outcome.headers['device-sign'],
      ),
    ).toBe(true);
  });

  it('signs a custom mode with a named header, looked up case-insensitively', async () => {
    const outcome = await signCoreRequest(
      nodePrimitives,
      config,
      pair,
      request({ pathWithQuery: '/v1/spot/custom', headers: { Locale: 'ja' } }),
    );
    if (!outcome.signed) throw new Error(outcome.skipped);
    const text = `DS1\npath,time,body,traceId,h:locale\nPOST\n/v1/spot/custom\n17554535\n${fox.hex}\n0123456789abcdef0123456789abcdef\nh:locale:ja`;
    expect(verifies(text, outcome.headers['device-sign'])).toBe(true);
  });

  it('skips without request-time or trace-id, and when a named header is missing or holds a line break', async () => {
    expect(await signCoreRequest(nodePrimitives, config, pair, request({ requestTime: undefined }))).toEqual({
      signed: false,
      skipped: 'missing-request-time',
    });
    expect(await signCoreRequest(nodePrimitives, config, pair, request({ requestTime: 'soon' }))).toEqual({
      signed: false,
      skipped: 'missing-request-time',
    });
    expect(await signCoreRequest(nodePrimitives, config, pair, request({ traceId: '' }))).toEqual({
      signed: false,
      skipped: 'missing-trace-id',
    });
    expect(
      await signCoreRequest(nodePrimitives, config, pair, request({ pathWithQuery: '/v1/spot/custom', headers: {} })),
    ).toMatchObject({
      skipped: 'missing-header',
      detail: 'locale',
    });
    expect(
      await signCoreRequest(
        nodePrimitives,
        config,
        pair,
        request({ pathWithQuery: '/v1/spot/custom', headers: { locale: 'en\nDS1' } }),
      ),
    ).toMatchObject({ skipped: 'missing-header' });
  });
});

describe('signingApplies', () => {
  it('signs only when ready, on a core url, with a login token', () => {
    expect(signingApplies('ready', config, '/v1/mix/order/place', true)).toBeNull();
    expect(signingApplies('ready', config, '/v1/mix/order/place', false)).toBe('no-login-token');
    expect(signingApplies('ready', config, '/v1/other', true)).toBe('not-core-url');
    expect(signingApplies('disabled', config, '/v1/mix/order/place', true)).toBe('disabled');
    for (const phase of ['idle', 'configFetched', 'serverKeyVerified', 'initFailed', 'failed']) {
      expect(signingApplies(phase, config, '/v1/mix/order/place', true)).toBe('not-ready');
    }
  });
});
