import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SUB_ACCOUNTS } from '../../../../../gateway/auth/sub-accounts/sub-account-store';
import { type AuthHarness, makeAuthHarness } from '../auth-support';
import { createSub, getJson, PASSWORD, postJson, signedInMain } from './sub-support';
import { expectRefused } from '../../refusal-support';

let h: AuthHarness;
beforeEach(() => {
  h = makeAuthHarness();
});
afterEach(() => h.close());

describe('POST /v1/user/sub/create', () => {
  it('creates a sub-account of the signed-in main account', async () => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    await browser.grantStepUp('sub-create');
    const reply = await postJson(browser, '/v1/user/sub/create', { name: 'desk-1' });
    expect(reply).toEqual({
      code: '00000',
      msg: 'success',
      data: {
        userId: expect.stringMatching(/^\d{10}$/),
        name: 'desk-1',
        isMain: false,
        isDemo: false,
        isFrozen: false,
        isCurrent: false,
      },
    });
    const stored = h.ctx.users.findById(reply.data.userId)!;
    expect(stored).toMatchObject({ parentId: user.id, isDemo: false, nickName: 'desk-1' });
  });

  it('refuses names that are empty, too long or outside [A-Za-z0-9_-]', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    for (const name of ['', 'x'.repeat(21), 'has space', 'dot.name', 'ünï', '<script>', 42, null]) {
      await expectRefused(await browser.post('/v1/user/sub/create', { name }), '40002', undefined, String(name));
    }
    expect(await createSub(browser, 'x'.repeat(20))).toMatch(/^\d+$/);
    expect(await createSub(browser, 'A_b-9')).toMatch(/^\d+$/);
  });

  it('refuses a name the family already uses, whatever its case', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    await createSub(browser, 'Alpha');
    await browser.grantStepUp('sub-create');
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'alpha' })).toMatchObject({
      status: 'error',
      code: '40304',
    });
    // The refused name left the grant for a retry under another name.
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'alpha-2' })).toMatchObject({ code: '00000' });
    // Another family may use the same name.
    const other = await signedInMain(h, 'bob@example.com');
    expect(await createSub(other.browser, 'alpha')).toMatch(/^\d+$/);
  });

  it(`allows at most ${MAX_SUB_ACCOUNTS} sub-accounts`, async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    for (let i = 0; i < MAX_SUB_ACCOUNTS; i += 1) await createSub(browser, `s${i}`);
    await browser.grantStepUp('sub-create');
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'one-more' })).toMatchObject({
      status: 'error',
      code: '40303',
    });
    expect((await getJson(browser, '/v1/user/sub/list')).data).toHaveLength(MAX_SUB_ACCOUNTS + 1);
  });

  it('needs a fresh second factor, used up by the sub-account it creates', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'desk' })).toMatchObject({
      status: 'error',
      code: '40112',
    });
    await browser.grantStepUp('sub-create');
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'desk' })).toMatchObject({ code: '00000' });
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'desk-2' })).toMatchObject({
      status: 'error',
      code: '40112',
    });
  });

  it('needs a session', async () => {
    expect(await postJson(h.browser(), '/v1/user/sub/create', { name: 'x' })).toMatchObject({
      status: 'error',
      code: '00005',
    });
  });

  it('is refused from a sub-account or demo session', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    await postJson(browser, '/v1/user/sub/switchWeb', { userId: sub });
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'nested' })).toMatchObject({
      status: 'error',
      code: '40302',
    });
    await postJson(browser, '/v1/user/sub/switchLoginDemo', {});
    expect(await postJson(browser, '/v1/user/sub/create', { name: 'nested' })).toMatchObject({
      status: 'error',
      code: '40302',
    });
  });
});

describe('GET /v1/user/sub/list', () => {
  it('lists the main account first, then its subs in creation order, the current one marked', async () => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    const first = await createSub(browser, 'first');
    const second = await createSub(browser, 'second');
    const reply = await getJson(browser, '/v1/user/sub/list');
    expect(reply.code).toBe('00000');
    expect(reply.data).toEqual([
      { userId: user.id, name: 'a***@example.com', isMain: true, isDemo: false, isFrozen: false, isCurrent: true },
      { userId: first, name: 'first', isMain: false, isDemo: false, isFrozen: false, isCurrent: false },
      { userId: second, name: 'second', isMain: false, isDemo: false, isFrozen: false, isCurrent: false },
    ]);
  });

  it('lists only the main account before any sub exists', async () => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    expect((await getJson(browser, '/v1/user/sub/list')).data).toEqual([
      { userId: user.id, name: 'a***@example.com', isMain: true, isDemo: false, isFrozen: false, isCurrent: true },
    ]);
  });

  it('from a sub or the demo account lists the family of its main account', async () => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    await postJson(browser, '/v1/user/sub/switchWeb', { userId: sub });
    const fromSub = (await getJson(browser, '/v1/user/sub/list')).data;
    expect(fromSub.map((entry: { userId: string; isCurrent: boolean }) => [entry.userId, entry.isCurrent])).toEqual([
      [user.id, false],
      [sub, true],
    ]);
    const demo = (await postJson(browser, '/v1/user/sub/switchTradeDemo', {})).data.userId;
    const fromDemo = (await getJson(browser, '/v1/user/sub/list')).data;
    expect(fromDemo.at(-1)).toEqual({
      userId: demo,
      name: 'Demo',
      isMain: false,
      isDemo: true,
      isFrozen: false,
      isCurrent: true,
    });
    expect(fromDemo).toHaveLength(3);
  });

  it("never shows another family's accounts", async () => {
    const ann = await signedInMain(h, 'ann@example.com');
    await createSub(ann.browser, 'secret-desk');
    const bob = await signedInMain(h, 'bob@example.com');
    const list = await getJson(bob.browser, '/v1/user/sub/list');
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain('secret-desk');
  });

  it('needs a session', async () => {
    expect(await getJson(h.browser(), '/v1/user/sub/list')).toMatchObject({ status: 'error', code: '00005' });
  });
});

describe('sub-account sign-in', () => {
  it('cannot sign in to a sub-account with a password, not even the main one', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const sub = h.ctx.users.findById(await createSub(browser, 'desk'))!;
    const reply = await postJson(h.browser(), '/v1/user/login', { loginName: sub.email, pwd: PASSWORD });
    expect(reply).toMatchObject({ status: 'error', code: '40101' });
  });
});
