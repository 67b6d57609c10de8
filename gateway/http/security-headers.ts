import { FIRST_PAINT_STYLE_SOURCE } from './first-paint-style';

/** Where the page sends its security and CSP reports (spec §7.7); public/boot.js sends at most 3 a page view. */
export const CSP_REPORT_PATH = '/v1/buried/log/cspSecurity';

/** Who may frame a response: nobody (every response), or its own origin (only the page local mode's app shell frames). */
export type FramePolicy = 'deny' | 'same-origin';

/**
 * Builds the app's Content-Security-Policy: same-origin only, no inline script, Trusted Types enforced (ARCHITECTURE
 * principle 5). `socketOrigin` is the page's own WebSocket origin (`ws://host` or `wss://host`), the only socket it
 * may open; without one, 'self' alone. No `report-uri` unless one is given: the browser would send a report for every
 * violation, so the page reports them itself, a few per page view (public/boot.js).
 */
export function buildContentSecurityPolicy(
  socketOrigin: string | null = null,
  reportUri: string | null = null,
  framing: FramePolicy = 'deny',
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // The in-app trading pages' first paint brings its own small style (first-paint-style.ts).
    `style-src 'self' ${FIRST_PAINT_STYLE_SOURCE}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    socketOrigin ? `connect-src 'self' ${socketOrigin}` : "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    framing === 'same-origin' ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    "form-action 'self'",
    "require-trusted-types-for 'script'",
    'trusted-types default app-html dompurify',
    ...(reportUri === null ? [] : [`report-uri ${reportUri}`]),
  ].join('; ');
}

/**
 * The policy with more origins in its `img-src` (the image hosts the page probes, spec §7.8); each must be a bare
 * origin (gateway/images/image-settings.ts checks them), so nothing else can enter the policy.
 */
export function withImageOrigins(policy: string, origins: readonly string[]): string {
  const safe = origins.filter((origin) => /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(origin));
  if (safe.length === 0) return policy;
  return policy.replace(
    /(^|; )img-src ([^;]*)/,
    (_all, start: string, sources: string) => `${start}img-src ${sources} ${safe.join(' ')}`,
  );
}

/**
 * `Strict-Transport-Security` of every https reply (direct TLS, or a trusted proxy's `X-Forwarded-Proto: https`): one
 * year, subdomains included, so a browser that reached the site once never tries plain http again. Never on http
 * replies, where browsers ignore it and a man in the middle could strip it anyway.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The security headers every gateway response carries (harmless on JSON and assets, essential on HTML). */
export function securityHeaders(socketOrigin: string | null, framing: FramePolicy = 'deny'): Record<string, string> {
  return {
    'Content-Security-Policy': buildContentSecurityPolicy(socketOrigin, null, framing),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': framing === 'same-origin' ? 'SAMEORIGIN' : 'DENY',
  };
}
