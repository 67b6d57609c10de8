import { createHash, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildDeviceCheck, deviceCheckText } from '../../../../engine/crypto/device-check';
import { sha256Hex } from '../../../../engine/crypto/key-ids';
import { clientPair, nodePrimitives } from './node-primitives';

const input = {
  method: 'post',
  path: '/v1/user/checkDevice',
  requestTime: '1755453539736',
  traceId: 'abcdefabcdefabcdefabcdefabcdefab',
};

describe('deviceCheckText', () => {
  it('is DS1-check, METHOD, path, time8 and trace id on separate lines', () => {
    expect(deviceCheckText(input)).toBe(
      'DS1-check\nPOST\n/v1/user/checkDevice\n17554535\nabcdefabcdefabcdefabcdefabcdefab',
    );
  });
});

describe('buildDeviceCheck', () => {
  it('adds userIdHash, lastAlgorithm and a signature the stored pair verifies', async () => {
    const pair = clientPair('rsa1024');
    const userIdHash = await sha256Hex(nodePrimitives, '1234567');
    expect(userIdHash).toBe(createHash('sha256').update('1234567').digest('hex'));
    const fields = await buildDeviceCheck(nodePrimitives, pair, userIdHash, input);
    expect(fields.userIdHash).toBe(userIdHash);
    expect(fields.lastAlgorithm).toBe('rsa1024');
    expect(
      verify(
        'sha256',
        Buffer.from(deviceCheckText(input)),
        pair.privateKey,
        Buffer.from(fields.userCheckDeviceSign, 'base64'),
      ),
    ).toBe(true);
  });
});
