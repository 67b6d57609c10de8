import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_POLICY } from '../../../../gateway/security/sign-config';
import { type WholeGateway, wholeGateway } from '../whole-gateway';
import { type ClientKey, deviceCheckSign, makeClientKey, newTraceId } from './ds1-client';
import { Ds1Device, type Reply, serverPublicKeyOf, type Transport } from './ds1-device';

// The device-check flow of signing contract §5 in a sign-in: an account that confirms new devices, a device whose
// login key changed (so its envelope key is new to the account) but which still holds the pair bound at its last sign-in.

const EMAIL = 'careful@example.com';
const OTHER = 'other@example.com';
const PASSWORD = 'Careful-pass-1';
const CHECK_PATH = DEFAULT_SIGN_POLICY.userCheckDeviceUrl;

let g: WholeGateway;
let transport: Transport;
let serverKey: string;
let oldKey: ClientKey;

beforeAll(async () => {
  g = wholeGateway();
  transport = g.transport;
  serverKey = await serverPublicKeyOf(transport);
  for (const email of [EMAIL, OTHER]) await g.addUser(email, PASSWORD, { system: true });
  // The device's first sign-in: a new device, confirmed with the mailed code; its key is then bound to the account.
  oldKey = makeClientKey('rsa1024');
  const first = new Ds1Device(transport, serverKey, oldKey);
  const pending = await first.login(EMAIL, PASSWORD);
  expect(pending.reply.data).toMatchObject({
    needVerify: true,
    system: true,
    userIdHash: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  const mail = (await (
    await transport(`/dev/mailbox.json?target=${EMAIL}&limit=1`, { method: 'GET' })
  ).json()) as Reply;
  expect(
    (await first.send('POST', '/v1/user/login/verifySystemLogin', { verifyCode: mail.data[0].code })).reply.code,
  ).toBe('00000');
  await first.send('POST', '/v1/user/logout', {}, { mode: '1' });
});
afterAll(() => g.close());

/** The device-check request the client's signing layer makes (contract §5), signed with `key`. */
async function checkDevice(device: Ds1Device, userIdHash: string, key: ClientKey, traceId = newTraceId()) {
  const requestTime = String(Date.now());
  const userCheckDeviceSign = deviceCheckSign(key, 'POST', CHECK_PATH, requestTime, traceId);
  return device.send(
    'POST',
    CHECK_PATH,
    { userIdHash, lastAlgorithm: key.algorithm, userCheckDeviceSign },
    {
      extraHeaders: { 'request-time': requestTime, 'trace-id': traceId },
    },
  );
}

describe('the new-device step passed by a device check', () => {
  it('signs in a device whose login key is new but which proves the pair of its last sign-in', async () => {
    const device = new Ds1Device(transport, serverKey, makeClientKey('rsa2048'));
    const pending = await device.login(EMAIL, PASSWORD);
    expect(pending.reply.data).toMatchObject({ needVerify: true, system: true });
    const checked = await checkDevice(device, pending.reply.data.userIdHash, oldKey);
    expect(checked.reply).toMatchObject({ code: '00000', data: { needVerify: false, loginName: 'c***@example.com' } });
    expect(device.cookies.has('sid')).toBe(true);
    expect((await device.userinfo()).data).toMatchObject({ isLogin: true });
  });

  it('does not pass the step with a key the account never had, and the mailed code still works', async () => {
    const device = new Ds1Device(transport, serverKey, makeClientKey('rsa1024'));
    const pending = await device.login(EMAIL, PASSWORD);
    const checked = await checkDevice(device, pending.reply.data.userIdHash, makeClientKey('rsa1024'));
    expect(checked.reply.data).toEqual({ trusted: false });
    expect(device.cookies.has('sid')).toBe(false);
    expect((await device.send('POST', '/v1/user/login/verifySystemLogin', { verifyCode: '000000' })).reply.code).toBe(
      '40102',
    );
  });

  it("does not pass another account's pending sign-in with this account's key", async () => {
    const device = new Ds1Device(transport, serverKey, makeClientKey('rsa1024'));
    const pending = await device.login(OTHER, PASSWORD);
    const mine = (await new Ds1Device(transport, serverKey, makeClientKey('rsa1024')).login(EMAIL, PASSWORD)).reply.data
      .userIdHash;
    // A check for the owner of the key is trusted, but it is not the user of this device's pending sign-in.
    expect((await checkDevice(device, mine, oldKey)).reply.data).toEqual({ trusted: true });
    expect(device.cookies.has('sid')).toBe(false);
    expect(pending.reply.data.userIdHash).not.toBe(mine);
  });

  it('does not pass the step twice with one replayed check', async () => {
    const device = new Ds1Device(transport, serverKey, makeClientKey('rsa1024'));
    const pending = await device.login(EMAIL, PASSWORD);
    const traceId = newTraceId();
    const requestTime = String(Date.now());
    const body = {
      userIdHash: pending.reply.data.userIdHash,
      lastAlgorithm: oldKey.algorithm,
      userCheckDeviceSign: deviceCheckSign(oldKey, 'POST', CHECK_PATH, requestTime, traceId),
    };
    const headers = { 'request-time': requestTime, 'trace-id': traceId };
    expect((await device.send('POST', CHECK_PATH, body, { extraHeaders: headers })).reply.data.needVerify).toBe(false);
    // An eavesdropper replays it from another device that passed the password step.
    const thief = new Ds1Device(transport, serverKey, makeClientKey('rsa1024'));
    await thief.login(EMAIL, PASSWORD);
    expect((await thief.send('POST', CHECK_PATH, body, { extraHeaders: headers })).reply.data).toEqual({
      trusted: false,
    });
    expect(thief.cookies.has('sid')).toBe(false);
  });
});
