import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuthHarness, lastCode, makeAuthHarness } from '../auth-support';
import { expectRefused } from '../../refusal-support';

const SEND = '/v1/msg/verify-code/send';
const MINUTE = 60_000;

let h: AuthHarness;
beforeEach(() => {
  h = makeAuthHarness();
});
afterEach(() => h.close());

describe('POST /v1/msg/verify-code/send', () => {
  it('delivers a 6-digit code to the dev mailbox and never puts it in the reply', async () => {
    const res = await h.browser().post(SEND, { type: 'email', email: 'New@Example.com', scene: 'register' });
    const text = await res.text();
    const code = lastCode(h, 'new@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(text).not.toContain(code!);
    expect(JSON.parse(text)).toEqual({
      code: '00000',
      msg: 'success',
      data: { sent: true, target: 'n***@example.com', expiresInSeconds: 600, resendAfterSeconds: 60 },
    });
  });

  it('logs a mailbox line with the target masked and the code', async () => {
    await h.browser().post(SEND, { type: 'mobile', mobile: '13800138000', areaCode: '+86', scene: 'register' });
    const line = h.logs.map((l) => JSON.parse(l)).find((entry) => entry.msg === 'mailbox');
    expect(line).toMatchObject({
      channel: 'mobile',
      target: '+86 138****8000',
      scene: 'register',
      code: lastCode(h, '86 13800138000'),
    });
    expect(h.logs.join('\n')).not.toContain('13800138000');
  });

  it('answers a registered and an unregistered address alike', async () => {
    await h.addUser({ email: 'taken@example.com', password: 'Taken-pass-1' });
    const taken = await (
      await h.browser('192.0.2.1').post(SEND, { type: 'email', email: 'taken@example.com', scene: 'register' })
    ).json();
    const fresh = await (
      await h.browser('192.0.2.2').post(SEND, { type: 'email', email: 'fresh@example.com', scene: 'register' })
    ).json();
    expect({ ...taken.data, target: '' }).toEqual({ ...fresh.data, target: '' });
  });

  it('needs a session for the bind scene', async () => {
    const res = await h.browser().post(SEND, { type: 'email', email: 'bind@example.com', scene: 'bind' });
    expect(await res.json()).toMatchObject({ status: 'error', code: '00005' });
    expect(lastCode(h, 'bind@example.com')).toBeNull();
  });

  it('sends login codes only for a pending login, to its own account, whatever the body names', async () => {
    await h.addUser({ email: 'victim@example.com', password: 'Victim-pass-1', twoFactor: { email: true } });
    const noPending = await h.browser().post(SEND, { type: 'email', email: 'victim@example.com', scene: 'login' });
    expect((await noPending.json()).code).toBe('40103');
    const browser = h.browser();
    await browser.post('/v1/user/login', { loginName: 'victim@example.com', pwd: 'Victim-pass-1' });
    await browser.post(SEND, { type: 'email', email: 'attacker@example.com', scene: 'login' });
    expect(lastCode(h, 'attacker@example.com')).toBeNull();
    expect(lastCode(h, 'victim@example.com')).toMatch(/^\d{6}$/);
    // The mobile channel is not one of this login's methods.
    expect((await (await browser.post(SEND, { type: 'mobile', scene: 'login' })).json()).code).toBe('40105');
  });

  it('rejects unknown types and scenes, and bad targets, with 40002 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'fax', scene: 'register', email: 'a@example.com' }, 'type'],
      [{ type: 'email', scene: 'unlock', email: 'a@example.com' }, 'scene'],
      [{ type: 'email', scene: 'register', email: 'not-an-email' }, 'email'],
      [{ type: 'email', scene: 'register' }, 'email'],
      [{ type: 'mobile', scene: 'register', mobile: '12ab', areaCode: '86' }, 'mobile'],
      [{ type: 'mobile', scene: 'register', mobile: '13800138000' }, 'areaCode'],
      [{ type: 'mobile', scene: 'register', mobile: '13800138000', areaCode: '86753' }, 'areaCode'],
      [{ type: ['email'], scene: 'register' }, 'type'],
    ];
    for (const [body, field] of cases) {
      await expectRefused(await h.browser().post(SEND, body), '40002', field, JSON.stringify(body));
    }
  });
});

describe('code sending limits', () => {
  const send = (ip: string, email: string) => h.browser(ip).post(SEND, { type: 'email', email, scene: 'register' });

  it('sends to one target at most once a minute', async () => {
    expect((await send('192.0.2.1', 'a@example.com')).status).toBe(200);
    const again = await send('192.0.2.2', 'a@example.com');
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ status: 'error', code: '40429', data: null });
    expect(h.ctx.mailbox!.list(10, 'a@example.com')).toHaveLength(1);
    h.clock.now += MINUTE;
    expect((await send('192.0.2.3', 'a@example.com')).status).toBe(200);
  });

  it('sends to one target at most 10 times an hour', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await send(`192.0.2.${i}`, 'b@example.com')).status, `send ${i}`).toBe(200);
      h.clock.now += MINUTE;
    }
    expect((await send('192.0.2.50', 'b@example.com')).status).toBe(429);
    h.clock.now += 60 * MINUTE;
    expect((await send('192.0.2.51', 'b@example.com')).status).toBe(200);
  });

  it('sends at most 30 codes an hour from one address', async () => {
    for (let i = 0; i < 30; i += 1)
      expect((await send('192.0.2.100', `user${i}@example.com`)).status, `send ${i}`).toBe(200);
    expect((await send('192.0.2.100', 'user30@example.com')).status).toBe(429);
    expect((await send('192.0.2.101', 'user30@example.com')).status).toBe(200);
  });
});

describe('dev mailbox pages', () => {
  it('lists messages as plain HTML with a same-origin stylesheet and no inline script or style', async () => {
    await h.browser().post(SEND, { type: 'email', email: 'page@example.com', scene: 'register' });
    const res = await h.browser().get('/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('page@example.com');
    expect(html).toContain(lastCode(h, 'page@example.com')!);
    expect(html).toContain('<link rel="stylesheet" href="/dev/mailbox.css">');
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    const css = await h.browser().get('/dev/mailbox.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('escapes what it shows', async () => {
    await h.ctx.mailbox!.deliver({
      channel: 'email',
      target: '<img src=x onerror=alert(1)>',
      scene: 'register',
      code: '123456',
      text: '<script>x</script>',
    });
    const html = await (await h.browser().get('/dev/mailbox')).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('gives the newest messages as JSON, filtered by target', async () => {
    await h.browser('192.0.2.1').post(SEND, { type: 'email', email: 'one@example.com', scene: 'register' });
    await h.browser('192.0.2.2').post(SEND, { type: 'email', email: 'two@example.com', scene: 'register' });
    const all = await (await h.browser().get('/dev/mailbox.json')).json();
    expect(all.data.map((m: { target: string }) => m.target)).toEqual(['two@example.com', 'one@example.com']);
    const one = await (await h.browser().get('/dev/mailbox.json?target=ONE@example.com')).json();
    expect(one.data).toMatchObject([
      { target: 'one@example.com', scene: 'register', code: expect.stringMatching(/^\d{6}$/) },
    ]);
  });

  it('is a 404 without local mode, and then nothing is logged with a code', async () => {
    const remote = makeAuthHarness({ localMode: false });
    try {
      for (const path of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.css']) {
        // An HTML accept header would get the app shell from the SPA fallback if these routes fell through.
        const res = await remote.browser().request(path, { headers: { accept: 'text/html' } });
        expect(res.status, path).toBe(404);
        expect((await res.json()).code).toBe('40404');
      }
      await remote.browser().post(SEND, { type: 'email', email: 'x@example.com', scene: 'register' });
      const entries = remote.logs.map((l) => JSON.parse(l));
      expect(entries.some((e) => e.msg === 'mailbox')).toBe(false);
      expect(entries.some((e) => 'code' in e)).toBe(false);
    } finally {
      remote.close();
    }
  });
});
