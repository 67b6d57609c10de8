import { afterEach, describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy } from '../../../../gateway/http/security-headers';
import { FIRST_PAINT_STYLE_SOURCE } from '../../../../gateway/http/first-paint-style';
import { makeTestApp, type TestApp } from '../support';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('buildContentSecurityPolicy', () => {
  it('allows only same-origin script without inline code and enforces Trusted Types', () => {
    expect(buildContentSecurityPolicy('ws://127.0.0.1:8080')).toBe(
      `default-src 'self'; script-src 'self'; style-src 'self' ${FIRST_PAINT_STYLE_SOURCE}; img-src 'self' data: blob:; font-src 'self'; ` +
        "connect-src 'self' ws://127.0.0.1:8080; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; " +
        "frame-ancestors 'none'; form-action 'self'; require-trusted-types-for 'script'; " +
        'trusted-types default app-html dompurify',
    );
  });

  it('names no report-uri, so the browser never sends a report per violation by itself (public/boot.js reports)', () => {
    expect(buildContentSecurityPolicy('ws://127.0.0.1:8080')).not.toMatch(/report-(uri|to)/);
  });

  it('never allows unsafe-inline or unsafe-eval', () => {
    expect(buildContentSecurityPolicy()).not.toMatch(/unsafe-(inline|eval)/);
  });
});

describe("connect-src names the page's own socket origin only", () => {
  const csp = async (headers: Record<string, string>, options: { url?: string } = {}) => {
    t ??= makeTestApp();
    const res = await t.app.request(options.url ?? 'http://localhost/', {
      headers: { accept: 'text/html', ...headers },
    });
    return /connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  };
  it('ws: on http, with the host and port the browser used', async () => {
    expect(await csp({ host: 'exchange.test:8080' })).toBe("'self' ws://exchange.test:8080");
    expect(await csp({ host: '[::1]:8080' })).toBe("'self' ws://[::1]:8080");
  });
  it('wss: on https', async () => {
    expect(await csp({ host: 'exchange.test' }, { url: 'https://exchange.test/' })).toBe("'self' wss://exchange.test");
  });
  it('never any host, nor text smuggled in through the Host header', async () => {
    for (const host of ['evil.test; script-src *', 'a b', "x'", 'exchange.test/path', '']) {
      expect(await csp({ host })).toBe("'self'");
    }
    expect(await csp({ host: 'exchange.test' })).not.toMatch(/(^|\s)wss?:(\s|$)/);
  });
});

describe('security headers', () => {
  it('are on HTML pages and on API replies alike', async () => {
    t = makeTestApp();
    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/v1/public/time', 'application/json'],
      ['/v1/missing', '*/*'],
    ]) {
      const res = await t.app.request(path!, { headers: { accept: accept! } });
      expect(res.headers.get('content-security-policy'), path).toBe(buildContentSecurityPolicy('ws://localhost'));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
