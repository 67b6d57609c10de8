import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../../../gateway/auth/sessions/session-store';
import { STEP_UP_TTL_MS, type StepUpPurpose } from '../../../../gateway/auth/second-factors/step-up';
import { formatMoney } from '../../../../gateway/money/money-units';
import {
  Account,
  type KeyCredentials,
  type KeyHarness,
  makeKeyHarness,
  PASSPHRASE,
  sendSigned,
} from '../api-keys/apikey-support';

let h: KeyHarness;
beforeEach(() => {
  h = makeKeyHarness();
});
afterEach(() => h.close());

const NOT_FOUND = { status: 'error', code: '40306', msg: 'This sub-account does not exist', data: null };
const MAIN_ONLY = { status: 'error', code: '40302', msg: 'Only the main account can manage sub-accounts', data: null };
const STEP_UP = { status: 'error', code: '40112' };
const ASSETS = '/api/v2/spot/account/assets?coin=USDT';

/**
 * Grants a step-up for `purpose` to every session of the account, as a right answer to the step-up would (the step-up
 * tests run the real flow); a switched-in session of one of its sub-accounts is a session of that sub-account.
 */
function grant(account: Account, purpose: StepUpPurpose): void {
  h.db
    .prepare(
      `INSERT OR REPLACE INTO step_up_grants (session_id, purpose, expires_at)
       SELECT id, ?, ? FROM sessions WHERE user_id = ?`,
    )
    .run(purpose, Date.now() + STEP_UP_TTL_MS, account.userId);
}

/** Creates a sub-account of `main` (step-up granted in the store) and returns its id. */
async function createSub(main: Account, name: string): Promise<string> {
  grant(main, 'sub-create');
  const reply = await main.post('/v1/user/sub/create', { name });
  expect(reply.code, reply.msg).toBe('00000');
  return String(reply.data.userId);
}

/** A new browser of `email` signed in and switched into `targetId` with switchWeb (its cookies are the sub's session). */
async function switchedInto(email: string, targetId: string): Promise<Account> {
  const browser = await signIn(email);
  const reply = await browser.post('/v1/user/sub/switchWeb', { userId: targetId });
  expect(reply.code, reply.msg).toBe('00000');
  return browser;
}

/** Signs an existing account in on a new browser. */
async function signIn(email: string): Promise<Account> {
  const user = h.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as string;
  const browser = new Account(h, user);
  expect((await browser.post('/v1/user/login', { loginName: email, pwd: 'Keys-pass-1' })).code).toBe('00000');
  return browser;
}

/** A session of the sub-account made by hand, holding no main account (no route signs in to a sub-account). */
function directSession(subId: string): Account {
  const made = createSessionStore(h.db, Date.now).create(subId);
  const browser = new Account(h, subId);
  browser.cookies.set('sid', made.sid);
  browser.cookies.set('login_token', made.loginToken);
  return browser;
}

/** Creates a key of the sub-account from its main account and returns what a bot would hold. */
async function subKey(main: Account, subId: string, permissions = ['spot_trade']): Promise<KeyCredentials> {
  grant(main, 'api-key-create');
  const reply = await main.post('/v1/user/sub/apikey/create', {
    userId: subId,
    label: 'desk bot',
    permissions,
    ips: [],
    passphrase: PASSPHRASE,
  });
  expect(reply.code, reply.msg).toBe('00000');
  return { apiKey: reply.data.apiKey, secretKey: reply.data.secretKey, passphrase: PASSPHRASE };
}

function spotUsdt(userId: string): string {
  return formatMoney(h.trading.ctx.accounts.balance(userId, 'USDT').available);
}

async function transfer(main: Account, fromUserId: string, toUserId: string, amount: string, from = 'spot') {
  return main.post('/v1/asset/sub-transfer', { fromUserId, toUserId, from, to: from, coin: 'USDT', amount });
}

describe('sub-account list, rename and transfers', () => {
  it('lists each sub-account with its balances, renames it, and moves money both ways from the main account', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    const fresh = await createSub(ann, 'fresh');
    h.trading.ctx.ensureAccount(ann.userId);
    expect((await transfer(ann, ann.userId, desk, '10')).code).toBe('00000');
    const listed = await ann.get('/v1/user/sub/accounts');
    expect(listed.data).toEqual([
      expect.objectContaining({
        userId: desk,
        name: 'desk',
        isFrozen: false,
        spotUsdt: '10010.00000000',
        futuresUsdt: '10000.00000000',
      }),
      // A sub-account nobody used holds nothing, and reading it for the list gives it nothing.
      expect.objectContaining({ userId: fresh, name: 'fresh', spotUsdt: '0', futuresUsdt: '0', totalUsdt: '0' }),
    ]);
    expect(h.trading.ctx.accounts.exists(fresh)).toBe(false);

    expect((await ann.post('/v1/user/sub/rename', { userId: desk, name: 'Trading_1' })).data.name).toBe('Trading_1');
    expect((await ann.post('/v1/user/sub/rename', { userId: fresh, name: 'trading_1' })).code).toBe('40304');
    expect((await ann.post('/v1/user/sub/rename', { userId: fresh, name: 'no spaces' })).code).toBe('40002');
    expect((await ann.get(`/v1/user/sub/info?userId=${desk}`)).data.name).toBe('Trading_1');

    // Sub → main, asked by the main account itself.
    expect((await transfer(ann, desk, ann.userId, '10.5')).code).toBe('00000');
    expect(spotUsdt(desk)).toBe('9999.50000000');
  });
});

describe("another main account's sub-accounts", () => {
  it('cannot be renamed, frozen, deleted, keyed, given a code or moved from, and nothing changes', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    h.trading.ctx.ensureAccount(desk);
    const bob = await h.account('bob@example.com');
    for (const purpose of ['sub-freeze', 'sub-delete', 'api-key-create', 'api-key-delete', 'anti-phishing'] as const)
      grant(bob, purpose);
    const attempts = [
      bob.post('/v1/user/sub/rename', { userId: desk, name: 'mine' }),
      bob.post('/v1/user/sub/freeze', { userId: desk }),
      bob.post('/v1/user/sub/unfreeze', { userId: desk }),
      bob.post('/v1/user/sub/delete', { userId: desk }),
      bob.get(`/v1/user/sub/info?userId=${desk}`),
      bob.get(`/v1/user/sub/apikey/list?userId=${desk}`),
      bob.post('/v1/user/sub/apikey/create', { userId: desk, label: 'x', permissions: [], passphrase: PASSPHRASE }),
      bob.post('/v1/user/sub/apikey/delete', { userId: desk, apiKey: `bg_${'0'.repeat(32)}` }),
      bob.get(`/v1/user/sub/antiphishing?userId=${desk}`),
      bob.post('/v1/user/sub/antiphishing/set', { userId: desk, code: 'Bob1234' }),
      // Ann's own id and malformed ids get the same reply as her sub-account.
      bob.post('/v1/user/sub/rename', { userId: ann.userId, name: 'mine' }),
      bob.post('/v1/user/sub/freeze', { userId: '1 OR 1=1' }),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply).toEqual(NOT_FOUND);
    expect((await transfer(bob, desk, bob.userId, '1')).code).toBe('40305');
    const [entry] = (await ann.get('/v1/user/sub/accounts')).data;
    expect(entry).toMatchObject({ name: 'desk', isFrozen: false, keyCount: 0, spotUsdt: '10000.00000000' });
  });
});

describe('a sub-account session', () => {
  it('switched from the main account manages nothing and reads only its own balances', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    const spare = await createSub(ann, 'spare');
    h.trading.ctx.ensureAccount(ann.userId);
    expect((await transfer(ann, ann.userId, desk, '250')).code).toBe('00000');
    const inDesk = await switchedInto('ann@example.com', desk);
    for (const purpose of ['sub-freeze', 'sub-delete', 'api-key-create', 'sub-create'] as const)
      grant(new Account(h, desk), purpose);
    const attempts = [
      inDesk.get('/v1/user/sub/accounts'),
      inDesk.get(`/v1/user/sub/info?userId=${spare}`),
      inDesk.post('/v1/user/sub/rename', { userId: spare, name: 'taken' }),
      inDesk.post('/v1/user/sub/freeze', { userId: spare }),
      inDesk.post('/v1/user/sub/delete', { userId: spare }),
      inDesk.post('/v1/user/sub/apikey/create', { userId: desk, label: 'x', permissions: [], passphrase: PASSPHRASE }),
      inDesk.get(`/v1/user/sub/apikey/list?userId=${desk}`),
      inDesk.post('/v1/user/sub/antiphishing/set', { userId: desk, code: 'Desk1234' }),
      inDesk.post('/v1/user/sub/create', { name: 'another' }),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply).toEqual(MAIN_ONLY);
    // Its asset reads are its own: 10,250 USDT, not the main account's 9,750.
    const spot = await inDesk.get('/v1/asset/spot');
    expect(spot.data.find((row: { coin: string }) => row.coin === 'USDT').available).toBe('10250.00000000');
    expect(spotUsdt(ann.userId)).toBe('9750.00000000');
  });

  it('signed in to the sub-account alone cannot switch to its main account, by any switch path', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    const alone = directSession(desk);
    for (const path of ['switLogin', 'switchWeb', 'switchApp', 'switchLoginDemo', 'switchTradeDemo'])
      expect((await alone.post(`/v1/user/sub/${path}`, { userId: ann.userId })).code).toBe('40301');
    expect((await transfer(alone, ann.userId, desk, '1')).code).toBe('40305');
    expect((await alone.get('/v1/user/overview/userinfo')).data.userId).toBe(desk);
  });

  it("holds an API key that acts as the sub-account only: its reads are the sub-account's", async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    h.trading.ctx.ensureAccount(ann.userId);
    expect((await transfer(ann, ann.userId, desk, '5')).code).toBe('00000');
    const key = await subKey(ann, desk);
    const { reply } = await sendSigned(h.app, key, { path: ASSETS });
    expect(reply.code).toBe('00000');
    expect(reply.data[0]).toMatchObject({ coin: 'USDT', available: '10005.00000000' });
    // The key is the sub-account's: it is not among the main account's own keys.
    expect((await ann.get('/v1/user/apikey/list')).data).toEqual([]);
    expect((await ann.get(`/v1/user/sub/apikey/list?userId=${desk}`)).data).toEqual([
      expect.objectContaining({ apiKey: key.apiKey, label: 'desk bot', permissions: ['read', 'spot_trade'] }),
    ]);
  });
});

describe('freezing a sub-account', () => {
  it('stops its key, its sessions and switching to it at once; unfreezing brings them back', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    const key = await subKey(ann, desk);
    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('00000');
    const inDesk = await switchedInto('ann@example.com', desk);

    expect(await ann.post('/v1/user/sub/freeze', { userId: desk })).toMatchObject(STEP_UP);
    grant(ann, 'sub-freeze');
    expect((await ann.post('/v1/user/sub/freeze', { userId: desk })).data.isFrozen).toBe(true);

    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('40006');
    expect((await inDesk.get('/v1/user/overview/userinfo')).data.isLogin).toBe(false);
    const reply = await (await signIn('ann@example.com')).post('/v1/user/sub/switchWeb', { userId: desk });
    expect(reply).toMatchObject({ code: '40307', msg: 'This sub-account is frozen' });
    expect((await transfer(ann, ann.userId, desk, '1')).code).toBe('40307');
    // It can still be emptied toward its main account.
    expect((await transfer(ann, desk, ann.userId, '1')).code).toBe('00000');
    grant(ann, 'api-key-create');
    expect(
      (await ann.post('/v1/user/sub/apikey/create', { userId: desk, label: 'x', passphrase: PASSPHRASE })).code,
    ).toBe('40307');

    expect(await ann.post('/v1/user/sub/unfreeze', { userId: desk })).toMatchObject(STEP_UP);
    grant(ann, 'sub-freeze');
    expect((await ann.post('/v1/user/sub/unfreeze', { userId: desk })).data.isFrozen).toBe(false);
    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('00000');
  });
});

describe('deleting a sub-account', () => {
  it('is refused while it holds anything, and once emptied removes it, its keys and frees its name', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    h.trading.ctx.ensureAccount(desk);
    const key = await subKey(ann, desk);
    grant(ann, 'sub-delete');
    const refused = await ann.post('/v1/user/sub/delete', { userId: desk });
    expect(refused).toMatchObject({ status: 'error', code: '40308' });
    expect((await ann.get('/v1/user/sub/accounts')).data).toHaveLength(1);

    expect((await transfer(ann, desk, ann.userId, '10000', 'spot')).code).toBe('00000');
    expect((await ann.post('/v1/user/sub/delete', { userId: desk })).code).toBe('40308');
    expect((await transfer(ann, desk, ann.userId, '10000', 'futures')).code).toBe('00000');
    // The grant refused above is still there: a refusal used nothing up.
    expect((await ann.post('/v1/user/sub/delete', { userId: desk })).data).toEqual({ userId: desk });

    expect((await ann.get('/v1/user/sub/accounts')).data).toEqual([]);
    expect((await ann.get('/v1/user/sub/list')).data.map((entry: { name: string }) => entry.name)).not.toContain(
      'desk',
    );
    expect((await sendSigned(h.app, key, { path: ASSETS })).reply.code).toBe('40006');
    expect((await (await signIn('ann@example.com')).post('/v1/user/sub/switchWeb', { userId: desk })).code).toBe(
      '40301',
    );
    expect((await transfer(ann, ann.userId, desk, '1')).code).toBe('40305');
    expect(await ann.post('/v1/user/sub/rename', { userId: desk, name: 'back' })).toEqual(NOT_FOUND);
    await createSub(ann, 'desk');
  });

  it('is refused with an open order', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    const key = await subKey(ann, desk);
    h.trading.ctx.ensureAccount(desk);
    const body = JSON.stringify({
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price: '1000',
      size: '0.001',
    });
    const placed = await sendSigned(h.app, key, { method: 'POST', path: '/api/v2/spot/trade/place-order', body });
    expect(placed.reply.code, placed.reply.msg).toBe('00000');
    grant(ann, 'sub-delete');
    expect((await ann.post('/v1/user/sub/delete', { userId: desk })).code).toBe('40308');
  });
});

describe('changes that need a fresh second factor', () => {
  it('are refused without one: freeze, unfreeze, delete, key create and delete, anti-phishing code', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    const key = await subKey(ann, desk);
    const attempts = [
      ann.post('/v1/user/sub/freeze', { userId: desk }),
      ann.post('/v1/user/sub/unfreeze', { userId: desk }),
      ann.post('/v1/user/sub/delete', { userId: desk }),
      ann.post('/v1/user/sub/apikey/create', { userId: desk, label: 'x', permissions: [], passphrase: PASSPHRASE }),
      ann.post('/v1/user/sub/apikey/delete', { userId: desk, apiKey: key.apiKey }),
      ann.post('/v1/user/sub/antiphishing/set', { userId: desk, code: 'Desk1234' }),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply).toMatchObject(STEP_UP);
    expect((await ann.get(`/v1/user/sub/apikey/list?userId=${desk}`)).data).toHaveLength(1);
    expect((await ann.get(`/v1/user/sub/info?userId=${desk}`)).data.isFrozen).toBe(false);
  });
});

describe("a sub-account's anti-phishing code", () => {
  it('is set by its main account after a step-up, apart from the main account', async () => {
    const ann = await h.account('ann@example.com');
    const desk = await createSub(ann, 'desk');
    expect((await ann.get(`/v1/user/sub/antiphishing?userId=${desk}`)).data).toEqual({ code: null });
    grant(ann, 'anti-phishing');
    expect((await ann.post('/v1/user/sub/antiphishing/set', { userId: desk, code: 'ab' })).code).toBe('40002');
    expect((await ann.post('/v1/user/sub/antiphishing/set', { userId: desk, code: 'Desk1234' })).code).toBe('00000');
    expect((await ann.get(`/v1/user/sub/antiphishing?userId=${desk}`)).data).toEqual({ code: 'Desk1234' });
    expect(h.db.prepare('SELECT count(*) FROM anti_phishing_codes WHERE user_id = ?').pluck().get(ann.userId)).toBe(0);
  });
});
