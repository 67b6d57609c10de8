import { describe, expect, it } from 'vitest';
import type { Ds1Device } from './ds1-device';
import { setUpDrill } from './drill-harness';

// The attack drill on money that may not move: simulated balances leaving the simulation, and signed money calls
// whose body is changed on the way. A gateway of its own on a socket (tests/unit/gateway/security/drill-harness.ts).

const drill = setUpDrill();

const TRC20_ADDRESS = `T${'9'.repeat(33)}`;

/** Proves a fresh second factor for `purpose` with the code the mailbox got for the session's account. */
async function stepUp(owner: Ds1Device, email: string, purpose: string): Promise<void> {
  await owner.send('POST', '/v1/msg/verify-code/send', { type: 'email', scene: 'security' });
  const emailCode = await drill.mailed(email, 'security');
  const verified = await owner.send('POST', '/v1/user/security/verify', { purpose, emailCode }, { mode: '3' });
  expect(verified.reply.code, verified.reply.msg).toBe('00000');
}

/** The session's USDT spot balance and its withdrawals, as the asset screens read them. */
async function usdtAndWithdrawals(owner: Ds1Device): Promise<{ available: string; withdrawals: number }> {
  const spot = (await owner.send('GET', `/v1/asset/spot?_t=${Date.now()}`, undefined, { mode: '3' })).reply.data as {
    coin: string;
    available: string;
  }[];
  const rows = (await owner.send('GET', `/v1/asset/withdrawals?_t=${Date.now()}`, undefined, { mode: '3' })).reply.data
    .rows as unknown[];
  return { available: spot.find((row) => row.coin === 'USDT')!.available, withdrawals: rows.length };
}

describe('attack: the simulation account withdraws', () => {
  it('is refused with 40305 on the figures and on the withdrawal, before and after a step-up, and nothing moves', async () => {
    const owner = drill.device();
    const email = await drill.freshAccount(owner, 'drill-demo');
    const switched = await owner.send('POST', '/v1/user/sub/switchTradeDemo', {}, { mode: '3' });
    expect(switched.reply.code, switched.reply.msg).toBe('00000');
    expect(switched.reply.data).toMatchObject({ isDemo: true });
    const before = await usdtAndWithdrawals(owner);
    expect(Number(before.available)).toBeGreaterThan(1000);

    const info = await owner.send('GET', `/v1/asset/withdraw/info?coin=USDT&chain=TRC20&_t=${Date.now()}`, undefined, {
      mode: '3',
    });
    expect([info.status, info.reply.code]).toEqual([403, '40305']);
    const body = { coin: 'USDT', chain: 'TRC20', address: TRC20_ADDRESS, amount: '1000', clientOid: 'demo-out-1' };
    // Refused before any step-up is asked for, so the page never offers a second factor for it…
    const first = await owner.send('POST', '/v1/asset/spot/withdraw', body, { mode: '3' });
    expect([first.status, first.reply.code]).toEqual([403, '40305']);
    // …and with one proven (the account's email receives the code) still refused.
    await stepUp(owner, email, 'withdraw');
    const second = await owner.send(
      'POST',
      '/v1/asset/spot/withdraw',
      { ...body, clientOid: 'demo-out-2' },
      { mode: '3' },
    );
    expect([second.status, second.reply.code]).toEqual([403, '40305']);
    expect(await usdtAndWithdrawals(owner)).toEqual(before);
  });

  it('cannot send simulated money to the main account either', async () => {
    const owner = drill.device();
    await drill.freshAccount(owner, 'drill-demo-family');
    const main = (await owner.userinfo()).data.userId as string;
    const demo = (await owner.send('POST', '/v1/user/sub/switchTradeDemo', {}, { mode: '3' })).reply.data
      .userId as string;
    const sent = await owner.send(
      'POST',
      '/v1/asset/sub-transfer',
      { fromUserId: demo, toUserId: main, from: 'spot', to: 'spot', coin: 'USDT', amount: '10' },
      { mode: '3' },
    );
    expect([sent.status, sent.reply.code]).toEqual([403, '40305']);
  });
});

describe('attack: a signed money call with its body changed on the way', () => {
  it('is refused with 00023 when the amount differs from the one signed, and nothing moves', async () => {
    const owner = drill.device();
    await drill.freshAccount(owner, 'drill-body');
    const before = await usdtAndWithdrawals(owner);
    const body = { from: 'spot', to: 'futures', coin: 'USDT', amount: '0.01', clientOid: 'body-1' };
    const tampered = await owner.send('POST', '/v1/asset/transfer', body, {
      mode: '3',
      sentBody: { ...body, amount: '0.02' },
    });
    expect(tampered.headers.get('gateway-sign-error')).toBe('00023');
    expect((await owner.send('POST', '/v1/asset/transfer', body, { mode: '3' })).reply.code).toBe('00000');
    // A mode that leaves the body out is weaker than the policy asks for money calls.
    const weak = await owner.send(
      'POST',
      '/v1/asset/transfer',
      { from: 'spot', to: 'futures', coin: 'USDT', amount: '0.02', clientOid: 'body-2' },
      { mode: '2' },
    );
    expect(weak.headers.get('gateway-sign-error')).toBe('00021');
    const after = await usdtAndWithdrawals(owner);
    expect(Number(before.available) - Number(after.available)).toBeCloseTo(0.01, 8);
  });
});
