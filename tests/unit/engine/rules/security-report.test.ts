import { describe, expect, it } from 'vitest';
import { securityReport, securityReportBody } from '../../../../engine/rules/security-report';
import { rsaKey } from '../crypto/node-primitives';

describe('securityReport', () => {
  it('redacts key-like runs and bounds the reason', () => {
    const key = rsaKey(1024).spkiB64;
    const report = securityReport('initFailed', `bad key ${key}\nnext line`);
    expect(report.reason).toBe('bad key [redacted] next line');
    expect(securityReport('initFailed', 'x '.repeat(500)).reason.length).toBe(200);
  });
});

describe('securityReportBody', () => {
  it('has the shape {bizType, data:{event, reason}, timestamp, page}', () => {
    expect(securityReportBody({ event: 'genKeypairFailed', reason: 'timeout' }, 5, '/en/login')).toEqual({
      bizType: 'gatewaySign',
      data: { event: 'genKeypairFailed', reason: 'timeout' },
      timestamp: 5,
      page: '/en/login',
    });
  });
});
