import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../gateway/auth/dev-mailbox/dev-seed';
import type { Ds1Device } from './ds1-device';
import { setUpDrill } from './drill-harness';

// The attack drill on the risk-control token (spec §7.6). Local mode does not ask for the token, so this drill's
// gateway runs outside it, with the dev accounts seeded so a real sign-in shows who gets past the risk check.

const drill = setUpDrill({ localMode: false, seedDevAccounts: true });
const { device } = drill;

const DEVICE_TOKEN_PATH = '/v1/constantid/udid/c1';

/** A sign-in of the demo account from `at` carrying `token`: the reply's code and whether a session cookie came. */
async function signIn(at: Ds1Device, token: string): Promise<{ code: string; session: boolean }> {
  const { reply } = await at.login(
    DEMO_ACCOUNT.email,
    DEMO_ACCOUNT.password,
    {},
    { extraHeaders: { 'risk-token': token } },
  );
  return { code: reply.code, session: at.cookies.size > 0 };
}

async function mint(at: Ds1Device): Promise<string> {
  const { reply } = await at.send('GET', DEVICE_TOKEN_PATH);
  expect(reply.code).toBe('00000');
  return reply.data.token as string;
}

describe('attack: minting risk tokens in bulk', () => {
  it('gets the first 20 of 50 tokens asked for in a row from one address, then 429 40429', async () => {
    const farm = device('203.0.113.80');
    const outcomes: string[] = [];
    const tokens = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const { status, reply, headers } = await farm.send('GET', DEVICE_TOKEN_PATH);
      outcomes.push(`${status} ${reply.code}`);
      if (reply.code === '00000') tokens.add(reply.data.token);
      else expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(outcomes.filter((outcome) => outcome === '200 00000')).toHaveLength(20);
    expect(outcomes.slice(20)).toEqual(Array(30).fill('429 40429'));
    expect(tokens.size).toBe(20);
    // A page at another address is not held up by the farm.
    expect(await mint(device('203.0.113.81'))).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('attack: one risk token used from five addresses', () => {
  it('passes the risk check only from the address it was issued to, also after a restart', async () => {
    const owner = device('198.51.100.30');
    const token = await mint(owner);
    for (const source of ['203.0.113.31', '203.0.113.32', '192.0.2.33', '2001:db8:33::1']) {
      // Exactly the reply of a call without a token, and no session.
      expect(await signIn(device(source), token)).toEqual({ code: '40140', session: false });
    }
    expect(await signIn(owner, token)).toEqual({ code: '00000', session: true });

    await drill.restart();
    expect(await signIn(device('203.0.113.34'), token)).toEqual({ code: '40140', session: false });
    expect(await signIn(device('198.51.100.30'), token)).toEqual({ code: '00000', session: true });
  });
});
