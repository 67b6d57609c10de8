import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientKey, makeClientKey } from '../../security/ds1-client';
import { Ds1Device, type Reply, serverPublicKeyOf } from '../../security/ds1-device';
import { type WholeGateway, wholeGateway } from '../../whole-gateway';

// The whole gateway (session, DS1 signature check, auth routes) with a client that follows the signing contract:
// a switch must leave the device able to sign as the new account, and must itself be signed.

const EMAILS = ['ann@example.com', 'bea@example.com', 'cai@example.com'] as const;
const PASSWORD = 'Family-pass-1';

let g: WholeGateway;
let serverPublicKey: string;

beforeAll(async () => {
  g = wholeGateway();
  // One account per test: a step-up code may be sent to an address once a minute.
  for (const email of EMAILS) await g.addUser(email, PASSWORD);
  serverPublicKey = await serverPublicKeyOf(g.transport);
});
afterAll(() => g.close());

/** A device of this test's gateway. */
class Device extends Ds1Device {
  constructor(key: ClientKey) {
    super(g.transport, serverPublicKey, key);
  }

  /** Sends and reads the reply alone. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: { mode?: string | null } = {},
  ): Promise<Reply> {
    return (await this.send(method, path, body, options)).reply;
  }

  #email = '';

  async signIn(email: string): Promise<string> {
    this.#email = email;
    const { reply } = await this.login(email, PASSWORD);
    expect(reply.code, reply.msg).toBe('00000');
    return reply.data.userId;
  }

  /** Creates a sub-account as the client does: a step-up with the emailed code, then the signed create. */
  async createSub(name: string): Promise<string> {
    expect((await this.call('POST', '/v1/msg/verify-code/send', { type: 'email', scene: 'security' })).code).toBe(
      '00000',
    );
    const mail = (await (
      await g.transport(`/dev/mailbox.json?target=${encodeURIComponent(this.#email)}&limit=1`, {})
    ).json()) as Reply;
    const verified = await this.call(
      'POST',
      '/v1/user/security/verify',
      { purpose: 'sub-create', emailCode: mail.data[0].code },
      { mode: '3' },
    );
    expect(verified.code, verified.msg).toBe('00000');
    const created = await this.call('POST', '/v1/user/sub/create', { name }, { mode: '3' });
    expect(created.code, created.msg).toBe('00000');
    return created.data.userId;
  }
}

describe('a signed switch in the whole gateway', () => {
  it('keeps the device signing as the new account, and back', async () => {
    const device = new Device(makeClientKey('rsa2048'));
    const mainId = await device.signIn(EMAILS[0]);
    const subId = await device.createSub('desk');

    const switched = await device.call('POST', '/v1/user/sub/switchWeb', { userId: subId }, { mode: '3' });
    expect(switched.data).toMatchObject({ userId: subId, isSub: true, parentId: mainId });
    const asSub = await device.userinfo();
    expect(asSub.data).toMatchObject({ isLogin: true, userId: subId, nickName: 'desk' });

    const back = await device.call('POST', '/v1/user/sub/switLogin', { userId: mainId }, { mode: '3' });
    expect(back.data.userId).toBe(mainId);
    expect((await device.userinfo()).data.userId).toBe(mainId);

    const demo = await device.call('POST', '/v1/user/sub/switchTradeDemo', {}, { mode: '3' });
    expect(demo.data.isDemo).toBe(true);
    expect((await device.userinfo()).data).toMatchObject({ userId: demo.data.userId, isDemo: true });
  });

  it('refuses an unsigned or weakly signed switch before it looks at the account', async () => {
    const device = new Device(makeClientKey('rsa2048'));
    const mainId = await device.signIn(EMAILS[1]);
    const subId = await device.createSub('desk2');
    expect((await device.call('POST', '/v1/user/sub/switchWeb', { userId: subId }, { mode: null })).code).toBe('00020');
    expect((await device.call('POST', '/v1/user/sub/switchWeb', { userId: subId }, { mode: '1' })).code).toBe('00021');
    // Signed by another device's key: refused as an invalid signature.
    const thief = new Device(makeClientKey('rsa2048'));
    for (const [name, value] of device.cookies) thief.cookies.set(name, value);
    expect((await thief.call('POST', '/v1/user/sub/switchWeb', { userId: subId }, { mode: '3' })).code).toBe('00023');
    expect((await device.userinfo()).data.userId).toBe(mainId);
  });

  it('leaves the old session without a key: its cookies no longer sign in', async () => {
    const device = new Device(makeClientKey('rsa2048'));
    await device.signIn(EMAILS[2]);
    const subId = await device.createSub('desk3');
    const old = new Device(device.key);
    for (const [name, value] of device.cookies) old.cookies.set(name, value);
    await device.call('POST', '/v1/user/sub/switchWeb', { userId: subId }, { mode: '3' });
    expect((await old.userinfo()).data).toEqual({ isLogin: false });
  });
});
