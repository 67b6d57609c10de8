import { describe, expect, it, vi } from 'vitest';
import { bodyOf, seedAnnouncements } from '../../../gateway/content/announcement-seeds';
import { SEED_TEXTS, type SeedBundle } from '../../../gateway/content/seed-texts';
import { isLocale, localeEntryOf } from '../../../engine/rules/locales';
import { HOSTILE_ANNOUNCEMENT_HTML } from '../../fixtures/hostile-announcement';
import { XSS_PAYLOADS } from './xss-payloads';

// The production CSP's directives that a page can set by itself (gateway/http/security-headers.ts, without
// frame-ancestors and the reporting), enforced before the modules under test load: what the parser meets while
// DOMPurify reads an announcement is blocked here exactly as on the app's pages, and each block is a violation a
// reader would report. Only the parse is measured: showing the result may load an allowed https image that img-src
// refuses, which is the page's business, not the sanitizer's. xss-corpus.test.ts runs the same payloads without these, so that one sees any script run.
const CONTROL_POLICY = 'csp-control';
const csp = document.createElement('meta');
csp.httpEquiv = 'Content-Security-Policy';
csp.content = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "require-trusted-types-for 'script'",
  `trusted-types default app-html dompurify ${CONTROL_POLICY}`,
].join('; ');
document.head.append(csp);

let current = 'setup';
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI} during ${current}`);
});
await import('../../../src/security/trusted-types');
const { sanitizeHtml } = await import('../../../src/platform/sanitize-html');

// "invalid href" is expected hundreds of times here; sanitize-html.test.ts checks the warning itself.
vi.spyOn(console, 'warn').mockImplementation(() => {});

/** Sanitizes as RichText does, then gives the violation events their task to arrive in. */
async function read(html: string): Promise<void> {
  sanitizeHtml(html);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('reading hostile markup under the production CSP', () => {
  it('raises no violation for any payload of the XSS corpus', async () => {
    const offenders: string[] = [];
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      current = `payload ${index}: ${payload}`;
      const seen = violations.length;
      await read(payload);
      if (violations.length > seen) offenders.push(...violations.slice(seen));
    }
    current = 'the settling period';
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(offenders).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('raises no violation for the hostile announcement fixture', async () => {
    current = 'the hostile announcement';
    await read(HOSTILE_ANNOUNCEMENT_HTML);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(violations).toEqual([]);
  });

  it('raises no violation for any seeded announcement in any language', async () => {
    for (const bundle of Object.keys(SEED_TEXTS) as SeedBundle[]) {
      const intl = isLocale(bundle) ? localeEntryOf(bundle).intl : 'en-US';
      for (const announcement of seedAnnouncements()) {
        current = `seed ${announcement.id} in ${bundle}`;
        await read(bodyOf(announcement, bundle, intl));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(violations).toEqual([]);
  });
});

interface ControlPolicyFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): { createHTML(input: string): string };
}

describe('the harness (control)', () => {
  it('sees the violations an unsanitized parse raises', async () => {
    current = 'the control';
    const factory = (window as unknown as { trustedTypes: ControlPolicyFactory }).trustedTypes;
    const raw = factory.createPolicy(CONTROL_POLICY, { createHTML: (input: string) => input });
    new DOMParser().parseFromString(raw.createHTML('<img src=x onerror=x()><style>p{}</style>'), 'text/html');
    await vi.waitFor(() => {
      expect(violations).toEqual(
        expect.arrayContaining([
          'script-src-attr inline during the control',
          'style-src-elem inline during the control',
        ]),
      );
    });
  });
});
