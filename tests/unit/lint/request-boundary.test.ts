import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph';

/**
 * The route layer reads the request and writes the reply; the rooms under it take plain values (README, the
 * gateway's floors). A gateway file may name Hono's `Context` only when its name says it is the route layer:
 * routes, request readers (`-input`, `-request`), middleware and cookies, or the http room itself.
 */
const ROUTE_LAYER = /(^gateway\/http\/)|-(routes|input|request|middleware|cookies)\.ts$/;

/** Route-layer files whose names do not say so, each with what it does with the request. */
const ALSO_ROUTE_LAYER: Readonly<Record<string, string>> = {
  'gateway/auth/auth-context.ts': 'holds the injected request readers (the envelope opener, the client address)',
  'gateway/auth/create-auth.ts': 'mounts the auth routes and the session middleware',
  'gateway/security/device-check.ts': 'the device-check route (signing contract §5)',
  'gateway/security/envelope-opener.ts': "opens a request's login envelope",
  'gateway/security/login-envelope.ts': "writes the login envelope's failure reply",
  'gateway/security/read-raw-body.ts': 'reads the raw body the signature covers',
  'gateway/security/sign-errors.ts': "writes the signature check's failure replies",
  'gateway/security/signature-check.ts': 'the signature-check middleware',
  'gateway/static/static-site.ts': 'serves the built client',
  'gateway/third/wallet/wallet-site.ts': 'reads the site a wallet signature must name from the request',
  'gateway/trading/trade-session.ts': "reads the request's trader",
  'gateway/v2-api/api-key-auth.ts': 'the API-key signature middleware',
  'gateway/v2-api/api-key-env.ts': "reads the request's API caller",
};

/** `Context` imported from Hono, in a single- or multi-line import. */
const HONO_CONTEXT = /import\s+(?:type\s+)?\{[^}]*\bContext\b[^}]*\}\s*from\s*'hono'/;

function filesNamingContext(): string[] {
  return sourceFiles(join(ROOT, 'gateway'))
    .filter((file) => HONO_CONTEXT.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file).replaceAll('\\', '/'))
    .sort();
}

describe("the gateway's request boundary", () => {
  const naming = filesNamingContext();

  it('finds the route files it checks (the scan itself works)', () => {
    expect(naming).toContain('gateway/market/market-input.ts');
    expect(naming).toContain('gateway/auth/auth-request.ts');
  });

  it("keeps Hono's Context in the route layer: sign-in, sessions, codes and markets take plain facts", () => {
    const outside = naming.filter((file) => !ROUTE_LAYER.test(file) && !(file in ALSO_ROUTE_LAYER));
    expect(outside).toEqual([]);
  });

  it('lists no file that no longer reads the request', () => {
    const stale = Object.keys(ALSO_ROUTE_LAYER).filter((file) => !naming.includes(file));
    expect(stale).toEqual([]);
  });
});
