import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../../gateway/auth/password-hash';
import { createTermsConsentStore } from '../../../../../gateway/auth/registration/terms-consent-store';
import { type AuthHarness, type Browser, fakeCiphertext, lastCode, makeAuthHarness } from '../auth-support';
import { expectRefused } from '../../refusal-support';

const PWD = 'Fresh-pass-1';
/** The consent every registration form sends once its box is ticked. */
const AGREED = { agreed: true } as const;
const SEND = '/v1/msg/verify-code/send';

let h: AuthHarness;
beforeEach(() => {
  h = makeAuthHarness();
});
afterEach(() => h.close());

async function emailCode(browser: Browser, email: string): Promise<string> {
  await browser.post(SEND, { type: 'email', email, scene: 'register' });
  return lastCode(h, email.toLowerCase())!;
}

async function mobileCode(browser: Browser, mobile: string, areaCode = '86'): Promise<string> {
  await browser.post(SEND, { type: 'mobile', mobile, areaCode, scene: 'register' });
  return lastCode(h, `${areaCode} ${mobile}`)!;
}

describe('POST /v1/user/register/email', () => {
  it('creates the account, stores a hash (not the password) and signs in', async () => {
    const browser = h.browser();
    const verifyCode = await emailCode(browser, 'new@example.com');
    const res = await browser.post('/v1/user/register/email', {
      email: 'New@Example.com',
      pwd: PWD,
      rePwd: PWD,
      ...AGREED,
      verifyCode,
    });
    const body = await res.json();
    expect(body).toMatchObject({ code: '00000', data: { needVerify: false, loginName: 'n***@example.com' } });
    expect(browser.cookies.has('sid')).toBe(true);
    const user = h.ctx.users.findByEmail('new@example.com')!;
    expect(user.id).toBe(body.data.userId);
    expect(user.passwordHash).not.toContain(PWD);
    expect(await verifyPassword(PWD, user.passwordHash)).toBe(true);
    expect((await (await browser.get('/v1/user/overview/userinfo')).json()).data.isLogin).toBe(true);
  });

  it('stores the referral fields and leaves absent ones empty', async () => {
    const browser = h.browser();
    const verifyCode = await emailCode(browser, 'ref@example.com');
    const referral = {
      registerVipNo: 'VIP_001',
      registerChannel: 'chan-9',
      clacCode: 'abc',
      commonCode: null,
      groupId: '',
      actCode: 'ACT-2025',
    };
    await browser.post('/v1/user/register/email', {
      email: 'ref@example.com',
      pwd: PWD,
      rePwd: PWD,
      ...AGREED,
      verifyCode,
      ...referral,
    });
    expect(h.ctx.users.findByEmail('ref@example.com')!.referral).toEqual({
      registerVipNo: 'VIP_001',
      registerChannel: 'chan-9',
      clacCode: 'abc',
      commonCode: null,
      groupId: null,
      actCode: 'ACT-2025',
    });
  });

  it('refuses a wrong code, and a code used once already', async () => {
    const browser = h.browser();
    const verifyCode = await emailCode(browser, 'once@example.com');
    const wrong = verifyCode === '000000' ? '111111' : '000000';
    const bad = await browser.post('/v1/user/register/email', {
      email: 'once@example.com',
      pwd: PWD,
      rePwd: PWD,
      ...AGREED,
      verifyCode: wrong,
    });
    expect(await bad.json()).toMatchObject({ status: 'error', code: '40102' });
    expect(h.ctx.users.findByEmail('once@example.com')).toBeUndefined();
    expect(
      (
        await (
          await browser.post('/v1/user/register/email', {
            email: 'once@example.com',
            pwd: PWD,
            rePwd: PWD,
            verifyCode,
            ...AGREED,
          })
        ).json()
      ).code,
    ).toBe('00000');
    const replay = await h
      .browser()
      .post('/v1/user/register/email', { email: 'once@example.com', pwd: PWD, rePwd: PWD, verifyCode, ...AGREED });
    expect((await replay.json()).code).toBe('40102');
  });

  it('says "already registered" only to a caller who holds a valid code for the address', async () => {
    await h.addUser({ email: 'taken@example.com', password: 'Taken-pass-1' });
    const guess = await h.browser().post('/v1/user/register/email', {
      email: 'taken@example.com',
      pwd: PWD,
      rePwd: PWD,
      verifyCode: '123456',
      ...AGREED,
    });
    expect((await guess.json()).code).toBe('40102');
    const owner = h.browser('192.0.2.5');
    const verifyCode = await emailCode(owner, 'taken@example.com');
    const res = await owner.post('/v1/user/register/email', {
      email: 'taken@example.com',
      pwd: PWD,
      rePwd: PWD,
      ...AGREED,
      verifyCode,
    });
    expect(await res.json()).toMatchObject({ status: 'error', code: '40107' });
    expect(owner.cookies.has('sid')).toBe(false);
  });

  it('needs an envelope when plain login is off, and binds its key', async () => {
    const strict = makeAuthHarness({ allowPlainLogin: false });
    try {
      const browser = strict.browser();
      await browser.post(SEND, { type: 'email', email: 'sealed@example.com', scene: 'register' });
      const verifyCode = strict.ctx.mailbox!.list(1, 'sealed@example.com')[0]!.code;
      const plain = await browser.post('/v1/user/register/email', {
        email: 'sealed@example.com',
        pwd: PWD,
        rePwd: PWD,
        ...AGREED,
        verifyCode,
      });
      expect((await plain.json()).code).toBe('40106');
      const bodyCiphertext = fakeCiphertext({ pwd: PWD, rePwd: PWD }, '/v1/user/register/email');
      const sealed = await browser.post('/v1/user/register/email', {
        bodyCiphertext,
        email: 'sealed@example.com',
        verifyCode,
        ...AGREED,
      });
      expect((await sealed.json()).code).toBe('00000');
      expect(strict.bound).toHaveLength(1);
    } finally {
      strict.close();
    }
  });
});

describe('POST /v1/user/register/mobile and /mobileAndEmail', () => {
  it('registers by mobile and then logs in by mobile', async () => {
    const browser = h.browser();
    const verifyCode = await mobileCode(browser, '13800138000');
    const res = await browser.post('/v1/user/register/mobile', {
      mobile: '13800138000',
      areaCode: '+86',
      pwd: PWD,
      rePwd: PWD,
      ...AGREED,
      verifyCode,
    });
    expect((await res.json()).data).toMatchObject({ mobile: '138****8000', email: null, areaCode: '86' });
    const login = await h.browser().post('/v1/user/login', { loginName: '13800138000', areaCode: '86', pwd: PWD });
    expect((await login.json()).code).toBe('00000');
  });

  it('needs both codes for mobile and email, each checked against its own target', async () => {
    const browser = h.browser();
    const verifyCode = await mobileCode(browser, '13700137000');
    const emailVerifyCode = await emailCode(browser, 'both@example.com');
    const form = {
      mobile: '13700137000',
      areaCode: '86',
      email: 'both@example.com',
      pwd: PWD,
      rePwd: PWD,
      ...AGREED,
    };
    const swapped = await browser.post('/v1/user/register/mobileAndEmail', {
      ...form,
      verifyCode: emailVerifyCode,
      emailVerifyCode: verifyCode,
    });
    if (verifyCode !== emailVerifyCode) expect((await swapped.json()).code).toBe('40102');
    const res = await browser.post('/v1/user/register/mobileAndEmail', { ...form, verifyCode, emailVerifyCode });
    expect((await res.json()).data).toMatchObject({ email: 'b***@example.com', mobile: '137****7000' });
  });

  it('refuses a mobile that is registered already (after the code check)', async () => {
    await h.addUser({ mobile: '13600136000', areaCode: '86', password: 'Taken-pass-1' });
    const browser = h.browser();
    const verifyCode = await mobileCode(browser, '13600136000');
    const res = await browser.post('/v1/user/register/mobile', {
      mobile: '13600136000',
      areaCode: '86',
      pwd: PWD,
      rePwd: PWD,
      ...AGREED,
      verifyCode,
    });
    expect((await res.json()).code).toBe('40107');
  });
});

describe('registration validation', () => {
  const base = { email: 'v@example.com', pwd: PWD, rePwd: PWD, verifyCode: '123456' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing email', { ...base, email: undefined }, 'email'],
    ['bad email', { ...base, email: 'v@' }, 'email'],
    ['short password', { ...base, pwd: 'a1', rePwd: 'a1' }, 'pwd'],
    ['password without digit', { ...base, pwd: 'abcdefgh', rePwd: 'abcdefgh' }, 'pwd'],
    ['password without letter', { ...base, pwd: '12345678', rePwd: '12345678' }, 'pwd'],
    ['password over 32', { ...base, pwd: `a1${'b'.repeat(31)}`, rePwd: `a1${'b'.repeat(31)}` }, 'pwd'],
    ['rePwd mismatch', { ...base, rePwd: 'Other-pass-1' }, 'rePwd'],
    ['code not 6 digits', { ...base, verifyCode: '12345' }, 'verifyCode'],
    ['code as number', { ...base, verifyCode: 123456 }, 'verifyCode'],
    ['referral wrong type', { ...base, actCode: 7 }, 'actCode'],
    ['referral as an object', { ...base, clacCode: { $ne: null } }, 'clacCode'],
  ];
  for (const [name, body, field] of cases) {
    it(`refuses with 40002 naming ${field} for ${name}`, async () => {
      await expectRefused(await h.browser().post('/v1/user/register/email', body), '40002', field);
    });
  }

  it('names mobile and areaCode for the mobile form', async () => {
    const form = { mobile: '138', areaCode: '86', pwd: PWD, rePwd: PWD, verifyCode: '123456' };
    expect((await (await h.browser().post('/v1/user/register/mobile', form)).json()).msg).toContain('mobile');
    expect(
      (
        await (
          await h.browser().post('/v1/user/register/mobile', { ...form, mobile: '13800138000', areaCode: 'x' })
        ).json()
      ).msg,
    ).toContain('areaCode');
    expect(
      (
        await (
          await h
            .browser()
            .post('/v1/user/register/mobileAndEmail', { ...form, mobile: '13800138000', verifyCode: '123456' })
        ).json()
      ).msg,
    ).toContain('email');
    const noEmailCode = { ...form, mobile: '13800138000', email: 'e@example.com' };
    expect((await (await h.browser().post('/v1/user/register/mobileAndEmail', noEmailCode)).json()).msg).toContain(
      'emailVerifyCode',
    );
  });
});

describe('terms consent', () => {
  async function formFor(email: string) {
    const browser = h.browser();
    const verifyCode = await emailCode(browser, email);
    return { browser, form: { email, pwd: PWD, rePwd: PWD, verifyCode } };
  }

  it('refuses a registration without consent, spends no code, and takes the same code once consent is given', async () => {
    const { browser, form } = await formFor('noconsent@example.com');
    const res = await browser.post('/v1/user/register/email', form);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'error', code: '40116', data: null });
    expect(h.ctx.users.findByEmail('noconsent@example.com')).toBeUndefined();
    expect(browser.cookies.has('sid')).toBe(false);
    const agreed = await browser.post('/v1/user/register/email', { ...form, ...AGREED });
    expect((await agreed.json()).code).toBe('00000');
  });

  for (const [name, agreed] of [
    ['false', false],
    ['the string "false"', 'false'],
    ['the string "true"', 'true'],
    ['1', 1],
    ['null', null],
    ['an object', { value: true }],
    ['a list', [true]],
    ['an injection string', "' OR '1'='1"],
  ] as const) {
    it(`refuses consent given as ${name}`, async () => {
      const { browser, form } = await formFor('hostile-consent@example.com');
      const res = await browser.post('/v1/user/register/email', { ...form, agreed });
      expect((await res.json()).code).toBe('40116');
      expect(h.ctx.users.findByEmail('hostile-consent@example.com')).toBeUndefined();
    });
  }

  it('records when the new account agreed, with the account', async () => {
    const { browser, form } = await formFor('when@example.com');
    h.clock.now += 5_000;
    const res = await browser.post('/v1/user/register/email', { ...form, ...AGREED });
    const userId = (await res.json()).data.userId as string;
    expect(createTermsConsentStore(h.db).agreedAt(userId)).toBe(h.clock.now);
  });

  it('refuses a mobile registration without consent too', async () => {
    const browser = h.browser();
    const verifyCode = await mobileCode(browser, '13900139000');
    const res = await browser.post('/v1/user/register/mobile', {
      mobile: '13900139000',
      areaCode: '86',
      pwd: PWD,
      rePwd: PWD,
      verifyCode,
    });
    expect((await res.json()).code).toBe('40116');
    expect(h.ctx.users.findByMobile('86', '13900139000')).toBeUndefined();
  });
});

describe('referral code at registration', () => {
  async function register(email: string, extra: Record<string, unknown>) {
    const browser = h.browser();
    const verifyCode = await emailCode(browser, email);
    const res = await browser.post('/v1/user/register/email', {
      email,
      pwd: PWD,
      rePwd: PWD,
      verifyCode,
      ...AGREED,
      ...extra,
    });
    return res;
  }

  it('stores a well-formed code no account owns (nothing says a code must be known), trimmed', async () => {
    const res = await register('unknown-code@example.com', { clacCode: '  NOBODY-HAS-THIS_1  ' });
    expect((await res.json()).code).toBe('00000');
    expect(h.ctx.users.findByEmail('unknown-code@example.com')!.referral.clacCode).toBe('NOBODY-HAS-THIS_1');
  });

  it('stores a code of exactly 64 characters', async () => {
    const code = `A${'b'.repeat(62)}9`;
    expect((await (await register('long-ok@example.com', { clacCode: code })).json()).code).toBe('00000');
    expect(h.ctx.users.findByEmail('long-ok@example.com')!.referral.clacCode).toBe(code);
  });

  const hostile: [string, string, string][] = [
    ['65 characters', 'clacCode', 'x'.repeat(65)],
    ['10,000 characters', 'clacCode', 'x'.repeat(10_000)],
    ['a comma list', 'clacCode', 'a,b'],
    ['SQL', 'registerVipNo', "x' OR '1'='1"],
    ['a statement', 'clacCode', '"; DROP TABLE users; --'],
    ['markup', 'actCode', '<script>alert(1)</script>'],
    ['a space inside', 'clacCode', 'AB CD'],
    ['a NUL byte', 'groupId', 'a\u0000b'],
    ['a line break', 'registerChannel', 'a\r\nSet-Cookie: x=1'],
    ['non-Latin letters', 'commonCode', 'код'],
  ];
  for (const [name, field, value] of hostile) {
    it(`refuses ${name} in ${field} with 40115 naming the field, and creates nothing`, async () => {
      const email = `hostile-${field.toLowerCase()}@example.com`;
      const res = await register(email, { [field]: value });
      expect(res.status).toBe(200);
      const reply = await res.json();
      expect(reply).toMatchObject({ status: 'error', code: '40115', data: null });
      expect(reply.msg).toContain(field);
      expect(reply.msg).not.toContain(value.slice(0, 20));
      expect(h.ctx.users.findByEmail(email)).toBeUndefined();
    });
  }

  it('checks the referral code before any verification code, so a refused form leaves its code usable', async () => {
    const browser = h.browser();
    const verifyCode = await emailCode(browser, 'retry-code@example.com');
    const form = { email: 'retry-code@example.com', pwd: PWD, rePwd: PWD, verifyCode, ...AGREED };
    expect((await (await browser.post('/v1/user/register/email', { ...form, clacCode: 'bad code' })).json()).code).toBe(
      '40115',
    );
    const res = await browser.post('/v1/user/register/email', { ...form, clacCode: 'GOOD' });
    expect((await res.json()).code).toBe('00000');
    expect(h.ctx.users.findByEmail('retry-code@example.com')!.referral.clacCode).toBe('GOOD');
  });
});
