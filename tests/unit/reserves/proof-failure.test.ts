import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/request';
import { proofFailureOf } from '../../../src/reserves/reserves-api';

const http = (status: number, code?: string) => new RequestError('http', 'x', { status, code, shown: false });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('why a proof download failed', () => {
  it('reads the gateway code of a refusal', () => {
    expect(proofFailureOf(http(403, '40923'))).toBe('simulation');
    expect(proofFailureOf(http(404, '40920'))).toBe('notInTree');
    expect(proofFailureOf(http(503, '40921'))).toBe('notReady');
    expect(proofFailureOf(http(429, '40922'))).toBe('rateLimited');
    expect(proofFailureOf(new RequestError('login-expired', 'x', { code: '00005', shown: true }))).toBe('signedOut');
  });

  it('reads a bare status only when the reply carried no code', () => {
    expect(proofFailureOf(http(404))).toBe('notInTree');
    expect(proofFailureOf(http(503))).toBe('notReady');
    // Another refusal with the same status is not taken for this one.
    expect(proofFailureOf(http(403, '00020'))).toBe('failed');
    expect(proofFailureOf(http(404, '40904'))).toBe('failed');
  });

  it('tells offline from a failure', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(proofFailureOf(new RequestError('network', 'x', { shown: false }))).toBe('failed');
    vi.stubGlobal('navigator', { onLine: false });
    expect(proofFailureOf(new RequestError('network', 'x', { shown: false }))).toBe('offline');
    expect(proofFailureOf(new Error('x'))).toBe('failed');
  });
});
