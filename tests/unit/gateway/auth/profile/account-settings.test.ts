import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAntiPhishingCode, writeAntiPhishingCode } from '../../../../../gateway/auth/profile/anti-phishing-store';
import { BINDING_PATHS } from '../../../../../gateway/auth/second-factors/binding-routes';
import { FUND_PASSWORD_PATH } from '../../../../../gateway/auth/profile/fund-password-routes';
import { PASSWORD_CHANGE_PATH } from '../../../../../gateway/auth/profile/password-routes';
import { AVATAR_MAX_BYTES, PROFILE_PATHS } from '../../../../../gateway/auth/profile/profile-routes';
import { STEP_UP_PATHS } from '../../../../../gateway/auth/second-factors/step-up-routes';
import { type AuthHarness, type Browser, lastCode, makeAuthHarness } from '../auth-support';
import { fakeJpeg, fakeWebp, get, post, SEND_PATH, SETTINGS_PWD, signIn } from './account-settings-support';
import { expectRefused } from '../../refusal-support';

let h: AuthHarness;
let browser: Browser;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({ email: 'trader@example.com', password: SETTINGS_PWD });
  await h.addUser({ email: 'other@example.com', password: SETTINGS_PWD });
  browser = await signIn(h, 'trader@example.com');
});
afterEach(() => h.close());

const mails = (target: string) => h.ctx.mailbox!.list(50, target);

describe('settings overview', () => {
  it('shows the signed-in account only, masked, and nothing to a visitor', async () => {
    const { data } = await get(browser, PROFILE_PATHS.overview);
    expect(data).toMatchObject({ email: 't***@example.com', googleBound: false, fundPasswordSet: false });
    expect(JSON.stringify(data)).not.toContain('trader@example.com');
    expect((await get(h.browser(), PROFILE_PATHS.overview)).code).toBe('00005');
  });
});

describe('nickname', () => {
  it('changes the own nickname and refuses markup, control characters and lengths outside 2–20', async () => {
    expect((await post(browser, PROFILE_PATHS.nickname, { nickName: ' Moon trader ' })).data).toEqual({
      nickName: 'Moon trader',
    });
    expect((await get(browser, PROFILE_PATHS.overview)).data.nickName).toBe('Moon trader');
    for (const nickName of ['<script>', 'a', 'x'.repeat(21), 'tab\there', 42]) {
      await expectRefused(
        await browser.post(PROFILE_PATHS.nickname, { nickName }),
        '40002',
        'nickName',
        String(nickName),
      );
    }
    expect((await post(h.browser(), PROFILE_PATHS.nickname, { nickName: 'Anon' })).code).toBe('00005');
  });
});

describe('avatar', () => {
  it('stores a JPEG or WebP and serves it back to its own account only', async () => {
    const image = fakeJpeg(2000);
    expect((await post(browser, PROFILE_PATHS.avatar, { image })).code).toBe('00000');
    const { data } = await get(browser, PROFILE_PATHS.avatar);
    expect(data.dataUrl).toBe(`data:image/jpeg;base64,${image}`);
    expect((await get(browser, PROFILE_PATHS.overview)).data.avatarVersion).toBe(h.clock.now);
    // Another account's session reads its own (none), never this one; a visitor reads nothing.
    const other = await signIn(h, 'other@example.com');
    expect((await get(other, PROFILE_PATHS.avatar)).code).toBe('40154');
    expect((await get(h.browser(), PROFILE_PATHS.avatar)).code).toBe('00005');
    expect((await post(browser, PROFILE_PATHS.avatar, { image: fakeWebp(500) })).code).toBe('00000');
    expect((await get(browser, PROFILE_PATHS.avatar)).data.type).toBe('image/webp');
  });

  it('refuses an oversized picture, a PNG, an SVG, text and broken base64, keeping the old one', async () => {
    await post(browser, PROFILE_PATHS.avatar, { image: fakeJpeg(100) });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString('base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      'base64',
    );
    for (const image of [fakeJpeg(AVATAR_MAX_BYTES + 1), png, svg, 'bm90IGFuIGltYWdl', '%%%not base64%%%']) {
      const reply = await browser.post(PROFILE_PATHS.avatar, { image });
      expect([200, 413]).toContain(reply.status);
      expect(((await reply.json()) as { code: string }).code).not.toBe('00000');
    }
    expect((await get(browser, PROFILE_PATHS.avatar)).data.dataUrl).toBe(`data:image/jpeg;base64,${fakeJpeg(100)}`);
    // Far over the body limit: refused before it is read.
    expect((await browser.post(PROFILE_PATHS.avatar, { image: 'A'.repeat(200_000) })).status).toBe(413);
  });
});

describe('anti-phishing code', () => {
  it('is set only with a fresh step-up, used once, and shown masked', async () => {
    expect((await post(browser, PROFILE_PATHS.antiPhishing, { code: 'Moon42' })).code).toBe('40112');
    await post(browser, SEND_PATH, { type: 'email', scene: 'security' });
    const stepUp = await post(browser, STEP_UP_PATHS.verify, {
      purpose: 'anti-phishing',
      emailCode: lastCode(h, 'trader@example.com'),
    });
    expect(stepUp.code).toBe('00000');
    expect((await post(browser, PROFILE_PATHS.antiPhishing, { code: 'Moon42' })).data.antiPhishingCode).toBe('M****2');
    // The grant was used up: the next change asks again.
    expect((await post(browser, PROFILE_PATHS.antiPhishing, { code: 'Other9' })).code).toBe('40112');
    expect(readAntiPhishingCode(h.db, (await get(browser, PROFILE_PATHS.overview)).data.userId)).toBe('Moon42');
  });

  it('refuses codes outside 4–20 letters or digits, and a grant for another change', async () => {
    await browser.grantStepUp('anti-phishing');
    for (const code of ['abc', 'x'.repeat(21), 'ab cd', 'abc<1', 'ünï1', 1234]) {
      await expectRefused(await browser.post(PROFILE_PATHS.antiPhishing, { code }), '40002', 'code', String(code));
    }
    const fresh = await signIn(h, 'trader@example.com');
    await fresh.grantStepUp('password-change');
    expect((await post(fresh, PROFILE_PATHS.antiPhishing, { code: 'Moon42' })).code).toBe('40112');
  });

  it("is carried by every mail to its account, and by no other account's", async () => {
    await browser.grantStepUp('anti-phishing');
    await post(browser, PROFILE_PATHS.antiPhishing, { code: 'Moon42' });
    h.clock.now += 60_000;
    await post(browser, SEND_PATH, { type: 'email', scene: 'security' });
    await post(h.browser(), SEND_PATH, { type: 'email', scene: 'reset', email: 'trader@example.com' });
    await post(h.browser(), SEND_PATH, { type: 'email', scene: 'reset', email: 'other@example.com' });
    // A code to a new address being bound is this account's mail too.
    await post(browser, SEND_PATH, { type: 'email', scene: 'bind', email: 'new-home@example.com' });
    expect(mails('trader@example.com').length).toBeGreaterThanOrEqual(2);
    for (const mail of [...mails('trader@example.com'), ...mails('new-home@example.com')]) {
      expect(mail.text).toContain('Anti-phishing code: Moon42.');
    }
    expect(mails('other@example.com')[0]!.text).not.toContain('Moon42');
    // Removing it (null) stops it.
    await browser.grantStepUp('anti-phishing');
    expect((await post(browser, PROFILE_PATHS.antiPhishing, { code: null })).data.antiPhishingCode).toBeNull();
    h.clock.now += 60_000;
    await post(browser, SEND_PATH, { type: 'email', scene: 'security' });
    expect(mails('trader@example.com')[0]!.text).not.toContain('Anti-phishing');
  });

  it('reads and writes through the store functions another page uses, refusing a bad code', () => {
    const user = h.ctx.users.findByEmail('other@example.com')!;
    expect(readAntiPhishingCode(h.db, user.id)).toBeNull();
    writeAntiPhishingCode(h.db, user.id, 'Sub1234');
    expect(readAntiPhishingCode(h.db, user.id)).toBe('Sub1234');
    expect(() => writeAntiPhishingCode(h.db, user.id, 'no')).toThrow(RangeError);
    writeAntiPhishingCode(h.db, user.id, null);
    expect(readAntiPhishingCode(h.db, user.id)).toBeNull();
  });
});

describe('email and mobile binding', () => {
  const sendBind = (body: Record<string, unknown>) => post(browser, SEND_PATH, { scene: 'bind', ...body });

  it('changes the email with a step-up and the new address code, then ends the other sessions', async () => {
    const laptop = await signIn(h, 'trader@example.com');
    await sendBind({ type: 'email', email: 'new@example.com' });
    const code = lastCode(h, 'new@example.com')!;
    expect((await post(browser, BINDING_PATHS.email, { email: 'new@example.com', emailCode: code })).code).toBe(
      '40112',
    );
    await browser.grantStepUp('email-change');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(browser, BINDING_PATHS.email, { email: 'new@example.com', emailCode: wrong })).code).toBe(
      '40102',
    );
    const done = await post(browser, BINDING_PATHS.email, { email: 'new@example.com', emailCode: code });
    expect(done.data.email).toBe('n***@example.com');
    expect((await get(laptop, PROFILE_PATHS.overview)).code).toBe('20906');
    expect((await get(browser, PROFILE_PATHS.overview)).code).toBe('00000');
    expect((await post(h.browser(), '/v1/user/login', { loginName: 'new@example.com', pwd: SETTINGS_PWD })).code).toBe(
      '00000',
    );
    // The code and the grant were used: the same answer again is refused.
    await browser.grantStepUp('email-change');
    expect((await post(browser, BINDING_PATHS.email, { email: 'new@example.com', emailCode: code })).code).toBe(
      '40155',
    );
  });

  it("refuses another account's address only after its code, and a code sent to another address", async () => {
    await browser.grantStepUp('email-change');
    await sendBind({ type: 'email', email: 'other@example.com' });
    const code = lastCode(h, 'other@example.com')!;
    expect((await post(browser, BINDING_PATHS.email, { email: 'other@example.com', emailCode: code })).code).toBe(
      '40150',
    );
    // A code of another address does not bind this one.
    expect((await post(browser, BINDING_PATHS.email, { email: 'mine@example.com', emailCode: code })).code).toBe(
      '40102',
    );
    expect(h.ctx.users.findByEmail('trader@example.com')).toBeDefined();
  });

  it('binds a mobile number with its code and a step-up for mobile-change only', async () => {
    await sendBind({ type: 'mobile', areaCode: '+44', mobile: '7700900123' });
    const code = lastCode(h, '44 7700900123')!;
    await browser.grantStepUp('email-change');
    const body = { areaCode: '44', mobile: '7700900123', mobileCode: code };
    expect((await post(browser, BINDING_PATHS.mobile, body)).code).toBe('40112');
    await browser.grantStepUp('mobile-change');
    expect((await post(browser, BINDING_PATHS.mobile, body)).data).toMatchObject({ areaCode: '44' });
    expect(h.ctx.users.findByMobile('44', '7700900123')?.email).toBe('trader@example.com');
  });
});

describe('fund password', () => {
  const FUND = 'Fund-pass-77';

  it('is set after a step-up, hashed, never equal to the login password, and the grant is used once', async () => {
    expect((await post(browser, FUND_PASSWORD_PATH, { pwd: FUND, rePwd: FUND })).code).toBe('40112');
    await browser.grantStepUp('fund-password');
    expect((await post(browser, FUND_PASSWORD_PATH, { pwd: SETTINGS_PWD, rePwd: SETTINGS_PWD })).code).toBe('40151');
    await expectRefused(await browser.post(FUND_PASSWORD_PATH, { pwd: 'short1', rePwd: 'short1' }), '40002');
    await expectRefused(await browser.post(FUND_PASSWORD_PATH, { pwd: FUND, rePwd: `${FUND}x` }), '40002');
    expect((await post(browser, FUND_PASSWORD_PATH, { pwd: FUND, rePwd: FUND })).data).toEqual({
      fundPasswordSet: true,
    });
    const stored = h.db.prepare('SELECT fund_password_hash AS hash FROM user_profiles').get() as { hash: string };
    expect(stored.hash).not.toContain(FUND);
    expect(await h.ctx.checkPassword(FUND, stored.hash)).toBe(true);
    expect((await get(browser, PROFILE_PATHS.overview)).data.fundPasswordSet).toBe(true);
    expect((await post(browser, FUND_PASSWORD_PATH, { pwd: 'Fund-pass-78', rePwd: 'Fund-pass-78' })).code).toBe(
      '40112',
    );
  });

  it('keeps the login password from becoming the fund password', async () => {
    await browser.grantStepUp('fund-password');
    await post(browser, FUND_PASSWORD_PATH, { pwd: FUND, rePwd: FUND });
    await browser.grantStepUp('password-change');
    expect((await post(browser, PASSWORD_CHANGE_PATH, { oldPwd: SETTINGS_PWD, pwd: FUND, rePwd: FUND })).code).toBe(
      '40156',
    );
  });
});

describe('login password change', () => {
  it("ends this account's other sessions, not another account's, and refuses a wrong old password", async () => {
    const phone = await signIn(h, 'trader@example.com');
    const stranger = await signIn(h, 'other@example.com');
    await browser.grantStepUp('password-change');
    const NEW = 'Fresh-pass-2';
    expect((await post(browser, PASSWORD_CHANGE_PATH, { oldPwd: 'Wrong-pass-1', pwd: NEW, rePwd: NEW })).code).toBe(
      '40113',
    );
    // A stranger's grant does not work for this session.
    await stranger.grantStepUp('password-change');
    expect((await post(browser, PASSWORD_CHANGE_PATH, { oldPwd: SETTINGS_PWD, pwd: NEW, rePwd: NEW })).code).toBe(
      '00000',
    );
    expect((await get(phone, PROFILE_PATHS.overview)).code).toBe('20906');
    expect((await get(stranger, PROFILE_PATHS.overview)).code).toBe('00000');
    expect((await get(browser, PROFILE_PATHS.overview)).code).toBe('00000');
  });
});
