import type { Logger } from '../../log/logger';
import { NO_REFERRAL } from '../auth-fields';
import { hashPasswordSync, type ScryptParams } from '../password-hash';
import type { UserStore } from '../user-store';

/** The dev account without second factors. */
export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'Demo-pass-1' } as const;
/** The dev account with Google Authenticator on; its secret is fixed (it is RFC 6238's SHA-1 test key) and printed in the log. */
export const SECURE_ACCOUNT = {
  email: 'secure@example.com',
  password: 'Secure-pass-1',
  totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
} as const;

/** The dev account that confirms every sign-in from a device new to it with a mailed code (the new-device step). */
export const CAREFUL_ACCOUNT = { email: 'careful@example.com', password: 'Careful-pass-1' } as const;

/** Creates the three dev accounts when missing (idempotent); for local mode only, never in production. */
export function seedDevAccounts(users: UserStore, logger: Logger, params: ScryptParams, now: number): void {
  const seeds = [
    { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, totpSecret: null, system: false },
    {
      email: SECURE_ACCOUNT.email,
      password: SECURE_ACCOUNT.password,
      totpSecret: SECURE_ACCOUNT.totpSecret,
      system: false,
    },
    { email: CAREFUL_ACCOUNT.email, password: CAREFUL_ACCOUNT.password, totpSecret: null, system: true },
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
      twoFactor: { google: seed.totpSecret !== null, system: seed.system },
      totpSecret: seed.totpSecret,
    });
  }
  // The dev secret is printed on purpose (dev accounts only) so a developer can add it to an authenticator app.
  logger.info('dev accounts ready', {
    demo: DEMO_ACCOUNT.email,
    secure: SECURE_ACCOUNT.email,
    careful: CAREFUL_ACCOUNT.email,
    secureTotpSecret: SECURE_ACCOUNT.totpSecret,
  });
}
