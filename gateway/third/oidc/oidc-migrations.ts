import type { Migration } from '../../db/migration';

/**
 * Id 730: the OpenID sign-ins started (`oauth/start`), each bound to one browser's cookie (its digest) with the
 * `state` and `nonce` the provider must echo; a row is used up by the first `oauth/sign` that matches it.
 */
export const OIDC_MIGRATIONS: readonly Migration[] = [
  {
    id: 730,
    name: 'openid sign-ins started',
    sql: `
      CREATE TABLE third_oidc_starts (
        digest TEXT PRIMARY KEY,
        provider TEXT NOT NULL CHECK (provider IN ('apple', 'google')),
        state TEXT NOT NULL,
        nonce TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX third_oidc_starts_expiry ON third_oidc_starts (expires_at);
    `,
  },
];
