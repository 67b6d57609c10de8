import type { Logger } from '../log/logger';
import type { Referral } from './auth-fields';
import { hashPasswordSync, type ScryptParams } from './password-hash';
import type { UserStore } from './user-store';

/** The dev account without second factors. */
export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'Demo-pass-1' } as const;
/** The dev account with Google Authenticator on; its secret is fixed (it is RFC 6238's SHA-1 test key) and printed in the log. */
export const SECURE_ACCOUNT = { email: 'secure@example.com', password: 'Secure-pass-1', totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' } as const;

const NO_REFERRAL: Referral = { registerVipNo: null, registerChannel: null, clacCode: null, commonCode: null, groupId: null, actCode: null };

/** Creates the two dev accounts when missing (idempotent); for local mode only, never in production. */
export function seedDevAccounts(users: UserStore, logger: Logger, params: ScryptParams, now: number): void {
  const seeds = [
    { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, totpSecret: null },
    { email: SECURE_ACCOUNT.email, password: SECURE_ACCOUNT.password, totpSecret: SECURE_ACCOUNT.totpSecret },
  ];
  for (const seed of seeds) {
    if (users.findByEmail(seed.email)) continue;
    users.insert({
      email: seed.email,
      areaCode: null,
      mobile: null,
      passwordHash: hashPasswordSync(seed.password, params),
      createdAt: now,
      referral: NO_REFERRAL,
      twoFactor: { google: seed.totpSecret !== null },
      totpSecret: seed.totpSecret,
    });
  }
  // The dev secret is printed on purpose (dev accounts only) so a developer can add it to an authenticator app.
  logger.info('dev accounts ready', {
    demo: DEMO_ACCOUNT.email,
    secure: SECURE_ACCOUNT.email,
    secureTotpSecret: SECURE_ACCOUNT.totpSecret,
  });
}
