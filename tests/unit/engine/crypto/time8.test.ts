import { describe, expect, it } from 'vitest';
import { isRequestTime, time8 } from '../../../../engine/crypto/time8';
import knownAnswers from '../../../fixtures/ds1-known-answers.json';

describe('time8', () => {
  it('gives the contract known answer', () => {
    for (const { requestTime, time8: expected } of knownAnswers.time8) expect(time8(requestTime)).toBe(expected);
  });

  it('throws on a request-time that is not ms since epoch as decimal digits', () => {
    for (const bad of ['', '1234567', '-1755453539736', '1755453539736.5', ' 1755453539736', '0755453539736', '1e12']) {
      expect(isRequestTime(bad)).toBe(false);
      expect(() => time8(bad)).toThrow(RangeError);
    }
  });
});
