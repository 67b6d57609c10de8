import { afterEach, describe, expect, it } from 'vitest';
import { createAuth } from '../../../../../gateway/auth/create-auth';
import { CAREFUL_ACCOUNT, DEMO_ACCOUNT, SECURE_ACCOUNT } from '../../../../../gateway/auth/dev-mailbox/dev-seed';
import { createLogger } from '../../../../../gateway/log/logger';
import { type AuthHarness, makeAuthHarness, totpAt } from '../auth-support';

let h: AuthHarness | undefined;
afterEach(() => h?.close());

describe('dev accounts', () => {
  it('are absent unless seeding is on', () => {
    h = makeAuthHarness();
    expect(h.ctx.users.findByEmail(DEMO_ACCOUNT.email)).toBeUndefined();
  });

  it('let demo@example.com sign in with its password alone', async () => {
    h = makeAuthHarness({ seedDevAccounts: true });
    const res = await h.browser().post('/v1/user/login', { loginName: 'demo@example.com', pwd: 'Demo-pass-1' });
    expect((await res.json()).data).toMatchObject({ needVerify: false, loginName: 'd***@example.com' });
  });

  it('ask secure@example.com for the authenticator code of the fixed, logged dev secret', async () => {
    h = makeAuthHarness({ seedDevAccounts: true });
    expect(h.logs.join('\n')).toContain(SECURE_ACCOUNT.totpSecret);
    expect(h.logs.join('\n')).not.toContain(SECURE_ACCOUNT.password);
    const browser = h.browser();
    const first = await (
      await browser.post('/v1/user/login', { loginName: 'secure@example.com', pwd: 'Secure-pass-1' })
    ).json();
    expect(first.data).toMatchObject({ needVerify: true, methods: ['google'] });
    const res = await browser.post('/v1/user/login/verify-login', {
      googleCode: totpAt(SECURE_ACCOUNT.totpSecret, h.clock.now),
    });
    expect((await res.json()).code).toBe('00000');
  });

  it('ask careful@example.com to confirm a device new to it with a mailed code', async () => {
    h = makeAuthHarness({ seedDevAccounts: true });
    h.trusted.value = false;
    const first = await (
      await h.browser().post('/v1/user/login', { loginName: CAREFUL_ACCOUNT.email, pwd: CAREFUL_ACCOUNT.password })
    ).json();
    expect(first.data).toMatchObject({ needVerify: true, methods: [], system: true });
  });

  it('are created once however often the gateway starts', () => {
    h = makeAuthHarness({ seedDevAccounts: true });
    createAuth({
      db: h.db,
      logger: createLogger('silent'),
      openEnvelope: async () => ({ ok: false }),
      allowPlainLogin: true,
      seedDevAccounts: true,
    });
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 3 });
  });
});
