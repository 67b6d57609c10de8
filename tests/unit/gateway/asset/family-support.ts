import { expect } from 'vitest';
import { STEP_UP_TTL_MS } from '../../../../gateway/auth/second-factors/step-up';
import { createStepUpGrants } from '../../../../gateway/auth/second-factors/step-up-grants';
import { Trader, type TradingHarness } from '../trading/trading-support';
import { sessionIdOf } from './funds-support';

/**
 * Creates a sub-account of the trader's main account through `POST /v1/user/sub/create`, with the `sub-create`
 * step-up granted straight in the store (the auth tests run the real step-up); returns its user id.
 */
export async function createSubOf(h: TradingHarness, main: Trader, name: string): Promise<string> {
  createStepUpGrants({ db: h.db, now: Date.now }).grant(
    sessionIdOf(h, main),
    'sub-create',
    Date.now() + STEP_UP_TTL_MS,
  );
  const created = await main.ok('/v1/user/sub/create', { name });
  return created.userId;
}

/**
 * Signs the main account in on a browser of its own and switches that session into `targetId` (a family account)
 * through `POST /v1/user/sub/switchWeb`; `"demo"` switches into the family's demo account. Returns the switched browser.
 */
export async function switchedSession(
  h: TradingHarness,
  mainEmail: string,
  targetId: string | 'demo',
): Promise<Trader> {
  const browser = await h.trader(mainEmail);
  const reply =
    targetId === 'demo'
      ? await browser.post('/v1/user/sub/switchTradeDemo', {})
      : await browser.post('/v1/user/sub/switchWeb', { userId: targetId });
  expect(reply.code, reply.msg).toBe('00000');
  const switched = new Trader(() => h.app, reply.data.userId);
  for (const [name, value] of browser.cookies) switched.cookies.set(name, value);
  return switched;
}
