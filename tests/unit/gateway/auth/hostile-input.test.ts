import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuthHarness, makeAuthHarness } from './auth-support';
import { expectRefused } from '../refusal-support';

const INJECTIONS = [
  "' OR '1'='1",
  "admin@example.com'--",
  '"; DROP TABLE users; --',
  "1; DELETE FROM sessions WHERE '1'='1",
  "x' UNION SELECT password_hash FROM users --",
  '%27%20OR%201%3D1',
  '\u0000',
];

/** Every auth route that reads a body, with a valid-looking body to poison one field at a time. */
const ROUTES: [string, Record<string, unknown>][] = [
  ['/v1/user/login', { loginName: 'demo@example.com', pwd: 'Demo-pass-1', areaCode: '86' }],
  ['/v1/user/agency/login', { loginName: 'demo@example.com', pwd: 'Demo-pass-1', areaCode: '86' }],
  ['/v1/user/login/verify-login', { emailCode: '123456', mobileCode: '123456', googleCode: '123456' }],
  ['/v1/user/login/verify-auth-login', { fidoVerifyCode: 'x' }],
  ['/v1/user/login/verifySystemLogin', { verifyCode: '123456' }],
  ['/v1/msg/verify-code/send', { type: 'email', email: 'a@example.com', scene: 'register' }],
  ['/v1/msg/verify-code/send', { type: 'mobile', mobile: '13800138000', areaCode: '86', scene: 'register' }],
  [
    '/v1/user/register/email',
    {
      email: 'a@example.com',
      pwd: 'Fresh-pass-1',
      rePwd: 'Fresh-pass-1',
      verifyCode: '123456',
      registerVipNo: 'v',
      registerChannel: 'c',
      clacCode: 'c',
      commonCode: 'c',
      groupId: 'g',
      actCode: 'a',
      agreed: true,
    },
  ],
  [
    '/v1/user/register/mobile',
    {
      mobile: '13800138000',
      areaCode: '86',
      pwd: 'Fresh-pass-1',
      rePwd: 'Fresh-pass-1',
      verifyCode: '123456',
      agreed: true,
    },
  ],
  [
    '/v1/user/register/mobileAndEmail',
    {
      mobile: '13800138000',
      areaCode: '86',
      email: 'a@example.com',
      pwd: 'Fresh-pass-1',
      rePwd: 'Fresh-pass-1',
      emailVerifyCode: '123456',
      verifyCode: '123456',
      agreed: true,
    },
  ],
  ['/v1/user/security/google/bind', { googleCode: '123456' }],
  ['/v1/user/security/google/unbind', { googleCode: '123456' }],
];

let h: AuthHarness;
beforeEach(() => {
  h = makeAuthHarness({ seedDevAccounts: true });
});
afterEach(() => h.close());

function tableCounts(): Record<string, number> {
  const tables = ['users', 'sessions', 'pending_logins'];
  return Object.fromEntries(
    tables.map((t) => [t, (h.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]),
  );
}

describe('SQL injection strings', () => {
  it('in every field of every route change nothing and never sign anyone in', async () => {
    const before = tableCounts();
    const hashes = JSON.stringify(h.db.prepare('SELECT id, password_hash FROM users ORDER BY id').all());
    let ip = 0;
    for (const [path, body] of ROUTES) {
      for (const field of Object.keys(body)) {
        for (const injection of INJECTIONS) {
          ip += 1;
          const browser = h.browser(`10.${ip >> 16}.${(ip >> 8) & 255}.${ip & 255}`);
          const res = await browser.post(path, { ...body, [field]: injection });
          expect(res.status, `${path} ${field}`).toBeLessThan(500);
          const reply = await res.json();
          expect(reply.code, `${path} ${field} ${injection}`).not.toBe('00000');
          expect(browser.cookies.has('sid')).toBe(false);
        }
      }
    }
    expect(tableCounts()).toEqual(before);
    expect(JSON.stringify(h.db.prepare('SELECT id, password_hash FROM users ORDER BY id').all())).toBe(hashes);
  });
});

describe('oversized and wrong-typed fields', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['/v1/user/login', { loginName: `${'a'.repeat(300)}@example.com`, pwd: 'x' }, 'loginName'],
    ['/v1/user/login', { loginName: 'demo@example.com', pwd: 'p'.repeat(129) }, 'pwd'],
    ['/v1/user/login', { loginName: ['demo@example.com'], pwd: 'Demo-pass-1' }, 'loginName'],
    ['/v1/user/login', { loginName: { $ne: null }, pwd: 'Demo-pass-1' }, 'loginName'],
    ['/v1/user/login', { loginName: 'demo@example.com', pwd: 12345678 }, 'pwd'],
    ['/v1/user/login', { loginName: 'demo@example.com', pwd: true }, 'pwd'],
    ['/v1/user/login', { loginName: 'demo@example.com', pwd: 'Demo-pass-1', areaCode: 86 }, 'areaCode'],
    ['/v1/user/login', { loginName: '', pwd: 'Demo-pass-1' }, 'loginName'],
    ['/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'e'.repeat(300) }, 'email'],
    ['/v1/msg/verify-code/send', { type: 'email', scene: { a: 1 }, email: 'a@example.com' }, 'scene'],
    [
      '/v1/user/register/email',
      { email: 'a@example.com', pwd: 'Fresh-pass-1', rePwd: 'Fresh-pass-1', verifyCode: '1'.repeat(17) },
      'verifyCode',
    ],
    [
      '/v1/user/register/mobile',
      { mobile: 13800138000, areaCode: '86', pwd: 'Fresh-pass-1', rePwd: 'Fresh-pass-1', verifyCode: '123456' },
      'mobile',
    ],
    [
      '/v1/user/register/email',
      { email: 'a@example.com', pwd: 'Fresh-pass-1', rePwd: null, verifyCode: '123456' },
      'rePwd',
    ],
  ];
  for (const [path, body, field] of cases) {
    it(`${path}: 40002 naming ${field} for ${JSON.stringify(body[field]).slice(0, 40)}`, async () => {
      await expectRefused(await h.browser().post(path, body), '40002', field);
    });
  }

  it('answers 40002 for a body that is not a JSON object, and 40001 for broken JSON', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      await expectRefused(await h.browser().post('/v1/user/login', body), '40002', 'body', body);
    }
    await expectRefused(await h.browser().post('/v1/user/login', '{"loginName":'), '40001');
  });

  it('answers 413 for a body over 16 KiB', async () => {
    const res = await h
      .browser()
      .post('/v1/user/login', { loginName: 'demo@example.com', pwd: 'x', pad: 'p'.repeat(20 * 1024) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('41300');
  });
});
