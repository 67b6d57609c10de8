import { describe, expect, it } from 'vitest';
import { encryptA128CbcHs256 } from '../../../../engine/crypto/a128cbc-hs256';
import { toHex, utf8 } from '../../../../engine/crypto/encoding';
import knownAnswers from '../../../fixtures/ds1-known-answers.json';
import { nodePrimitives } from './node-primitives';

const fromHex = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

describe('encryptA128CbcHs256', () => {
  it('reproduces RFC 7518 Appendix B.1 (ciphertext and tag)', async () => {
    const v = knownAnswers.rfc7518B1;
    const result = await encryptA128CbcHs256(
      nodePrimitives,
      fromHex(v.key),
      fromHex(v.iv),
      utf8(v.aad),
      utf8(v.plaintext),
    );
    expect(toHex(result.ciphertext)).toBe(v.ciphertext);
    expect(toHex(result.tag)).toBe(v.tag);
  });

  it('refuses a key that is not 32 bytes and an IV that is not 16', async () => {
    await expect(
      encryptA128CbcHs256(nodePrimitives, new Uint8Array(16), new Uint8Array(16), new Uint8Array(), new Uint8Array()),
    ).rejects.toThrow(RangeError);
    await expect(
      encryptA128CbcHs256(nodePrimitives, new Uint8Array(32), new Uint8Array(12), new Uint8Array(), new Uint8Array()),
    ).rejects.toThrow(RangeError);
  });
});
