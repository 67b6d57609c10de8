import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appVersionOf,
  BRIDGE_METHODS,
  callDecision,
  classifyBridgeReply,
  compareVersions,
  decodeBridgePayload,
  detectHost,
  parseVersion,
  platformOf,
  timeoutOf,
} from '../../../../engine/rules/bridge';

const ANDROID_UA = (version: string) =>
  `Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 ExchangeApp/${version}`;
const IOS_UA = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 ExchangeApp/${version}`;
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

describe('bridge rules', () => {
  it('reads the app version and platform from the user agent', () => {
    expect(appVersionOf(ANDROID_UA('2.15.0'))).toEqual([2, 15, 0]);
    expect(appVersionOf('Mozilla/5.0 Chrome/120')).toBeNull();
    expect(appVersionOf('ExchangeApp/2.15')).toBeNull();
    expect(appVersionOf('ExchangeApp/2.15.0.1')).toBeNull();
    expect(platformOf(ANDROID_UA('1.2.51'))).toBe('android');
    expect(platformOf(IOS_UA('1.2.51'))).toBe('ios');
    expect(platformOf('Mozilla/5.0 (iPad; CPU OS 17_0)')).toBe('ios');
  });

  it('is inside the app only with both the version marker and a transport', () => {
    expect(detectHost(ANDROID_UA('2.15.0'), { android: true, ios: false })).toEqual({
      inApp: true,
      version: [2, 15, 0],
      platform: 'android',
      transport: 'android',
    });
    expect(detectHost(ANDROID_UA('2.15.0'), { android: false, ios: false })).toEqual({ inApp: false });
    expect(detectHost('Mozilla/5.0 Chrome/120', { android: true, ios: true })).toEqual({ inApp: false });
  });

  it('compares versions part by part as numbers', () => {
    const version = fc.tuple(fc.nat(99), fc.nat(99), fc.nat(99));
    fc.assert(
      fc.property(version, version, (a, b) => {
        const expected = a[0] * 1e6 + a[1] * 1e3 + a[2] - (b[0] * 1e6 + b[1] * 1e3 + b[2]);
        expect(Math.sign(compareVersions(a, b))).toBe(Math.sign(expected));
      }),
    );
    expect(compareVersions([2, 15, 0], [2, 9, 9])).toBeGreaterThan(0);
    expect(compareVersions([2, 14, 9], [2, 15, 0])).toBeLessThan(0);
    expect(parseVersion('2.15.0')).toEqual([2, 15, 0]);
    expect(parseVersion('2.15')).toBeNull();
  });

  it('sends each method from its minimum version on, never below it, on both sides of every gate', () => {
    for (const [method, rule] of Object.entries(BRIDGE_METHODS)) {
      const [major, minor, patch] = rule.minVersion;
      const below = patch > 0 ? `${major}.${minor}.${patch - 1}` : `${major}.${minor - 1}.99`;
      const at = rule.minVersion.join('.');
      for (const platform of ['android', 'ios'] as const) {
        const ua = platform === 'android' ? ANDROID_UA : IOS_UA;
        const host = (version: string) =>
          detectHost(ua(version), { android: platform === 'android', ios: platform === 'ios' });
        const skipped = rule.platform !== 'both' && rule.platform !== platform;
        expect(callDecision(method as keyof typeof BRIDGE_METHODS, host(below)), `${method} ${below}`).toBe(
          'below-version',
        );
        expect(callDecision(method as keyof typeof BRIDGE_METHODS, host(at)), `${method} ${at} ${platform}`).toBe(
          skipped ? 'skipped-platform' : 'send',
        );
      }
    }
    const web = detectHost('Mozilla/5.0 Chrome/120', { android: false, ios: false });
    expect(callDecision('setTitle', web)).toBe('not-in-app');
    expect(callDecision('storageGet', detectHost(ANDROID_UA('2.14.9'), { android: true, ios: false }))).toBe(
      'below-version',
    );
    expect(callDecision('storageGet', detectHost(ANDROID_UA('2.15.0'), { android: true, ios: false }))).toBe('send');
    expect(callDecision('hideNavigationBar', detectHost(ANDROID_UA('3.0.0'), { android: true, ios: false }))).toBe(
      'skipped-platform',
    );
    expect(callDecision('setPictureCompressSize', detectHost(IOS_UA('3.0.0'), { android: false, ios: true }))).toBe(
      'skipped-platform',
    );
  });

  it('waits 10 s for a forwarded request, an hour for the visibility subscription and 3 s for the rest', () => {
    expect(timeoutOf('request')).toBe(10_000);
    expect(timeoutOf('onWebVisible')).toBe(3_600_000);
    expect(timeoutOf('setTitle')).toBe(3_000);
  });

  it('decodes replies given as objects or as base64 of UTF-8 JSON, and nothing else', () => {
    const reply = { code: '00000', data: { title: '取引所 ✓' } };
    expect(decodeBridgePayload(reply)).toBe(reply);
    expect(decodeBridgePayload(base64(reply))).toEqual(reply);
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        expect(decodeBridgePayload(base64(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    for (const bad of [null, 7, [1], 'not base64!', base64([1, 2]), base64('text'), 'eyJ', '']) {
      expect(decodeBridgePayload(bad)).toBeNull();
    }
    // Invalid UTF-8 inside valid base64.
    expect(decodeBridgePayload(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'))).toBeNull();
  });

  it('classifies replies: success on 00000 or 200, errors by spec §8', () => {
    expect(classifyBridgeReply({ code: '00000', data: 1 })).toEqual({ kind: 'ok', data: 1 });
    expect(classifyBridgeReply({ code: 200, data: 2 })).toEqual({ kind: 'ok', data: 2 });
    expect(classifyBridgeReply(base64({ code: 200, data: 3 }))).toEqual({ kind: 'ok', data: 3 });
    expect(classifyBridgeReply({ data: 1 })).toEqual({ kind: 'network-error' });
    expect(classifyBridgeReply('garbage')).toEqual({ kind: 'network-error' });
    expect(classifyBridgeReply({ code: 'unknown-method' })).toEqual({ kind: 'action-error' });
    expect(classifyBridgeReply({ code: '40001', msg: 'No' })).toEqual({
      kind: 'unsuccessful',
      code: '40001',
      msg: 'No',
    });
    expect(classifyBridgeReply({ code: { nested: true } })).toEqual({ kind: 'network-error' });
  });
});

describe('utf8Text', () => {
  it('decodes what TextDecoder decodes and refuses what it would patch with U+FFFD', async () => {
    const { utf8Text } = await import('../../../../engine/crypto/encoding');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        let expected: string | null;
        try {
          expected = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
        } catch {
          expected = null;
        }
        expect(utf8Text(bytes)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(utf8Text(new TextEncoder().encode(text))).toBe(text);
      }),
    );
  });
});
