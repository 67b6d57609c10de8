import { afterEach, describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy } from '../../../gateway/http/security-headers';
import { makeTestApp, type TestApp } from './support';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('buildContentSecurityPolicy', () => {
  it('allows only same-origin script without inline code and enforces Trusted Types', () => {
    expect(buildContentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
        "connect-src 'self' ws: wss:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; " +
        "frame-ancestors 'none'; form-action 'self'; require-trusted-types-for 'script'; " +
        'trusted-types default app-html dompurify; report-uri /v1/buried/log/cspSecurity',
    );
  });

  it('never allows unsafe-inline or unsafe-eval', () => {
    expect(buildContentSecurityPolicy()).not.toMatch(/unsafe-(inline|eval)/);
  });
});

describe('security headers', () => {
  it('are on HTML pages and on API replies alike', async () => {
    t = makeTestApp();
    for (const [path, accept] of [['/', 'text/html'], ['/v1/public/time', 'application/json'], ['/v1/missing', '*/*']]) {
      const res = await t.app.request(path!, { headers: { accept: accept! } });
      expect(res.headers.get('content-security-policy'), path).toBe(buildContentSecurityPolicy());
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
