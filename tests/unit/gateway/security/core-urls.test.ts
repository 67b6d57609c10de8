import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_POLICY, isCoreUrl } from '../../../../gateway/security/sign-config';
import { makeTestApp } from '../support';

/**
 * The `/v1` routes a session cookie alone may call, each with why; a path ending in `*` stands for every path under it.
 * Everything else is a core url (signing contract §4), so a stolen cookie without the device key does nothing.
 */
const UNSIGNED: Record<string, string> = {
  '/v1/public/*': 'reads that are the same for everyone',
  '/v1/mix/config/gatewaySignConfig': 'the signing configuration itself, read before any key exists',
  '/v1/constantid/udid/c1': "the risk SDK's device token (spec §7.6), before sign-in",
  '/v1/buried/log/cspSecurity': 'security reports, also from pages whose signing failed (spec §7.7)',
  '/v1/msg/verify-code/send': 'codes for sign-in, registration and step-ups, limited per target and address',
  '/v1/user/login': 'the password step: its fields travel in an envelope (contract §3)',
  '/v1/user/agency/login': 'the password step, as above',
  '/v1/user/login/*': 'the sign-in steps after the password, bound to the pending sign-in',
  '/v1/user/agency/login/*': 'the same steps of the agency sign-in',
  '/v1/user/register/*': 'registration, in an envelope',
  '/v1/user/password/reset': 'a forgotten password, proved by a mailed code, in an envelope',
  '/v1/user/public/third/*': 'third-party sign-in steps, before a session exists',
};

function isListed(path: string): boolean {
  return Object.keys(UNSIGNED).some((entry) =>
    entry.endsWith('*') ? path.startsWith(entry.slice(0, -1)) : path === entry,
  );
}

const test = makeTestApp({ faults: false });
afterAll(() => test.close());
const v1Routes = [...new Set(test.app.routes.filter((r) => r.method !== 'ALL').map((r) => r.path))].filter((path) =>
  path.startsWith('/v1/'),
);

describe('core urls', () => {
  it('cover every /v1 route but the sign-in steps, public reads and reports', () => {
    const unsignedOnes = v1Routes.filter((path) => !isCoreUrl(path, DEFAULT_SIGN_POLICY) && !isListed(path));
    expect(unsignedOnes).toEqual([]);
    expect(v1Routes.length).toBeGreaterThan(100);
  });

  it('lists only routes that exist, and none of them is also a core url', () => {
    for (const entry of Object.keys(UNSIGNED)) {
      const matching = v1Routes.filter((path) =>
        entry.endsWith('*') ? path.startsWith(entry.slice(0, -1)) : path === entry,
      );
      expect(matching.length, entry).toBeGreaterThan(0);
      expect(
        matching.filter((path) => isCoreUrl(path, DEFAULT_SIGN_POLICY)),
        entry,
      ).toEqual([]);
    }
  });
});
