import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { LoginReply } from '../../../src/auth/login-step';
import type { UnboundReply } from '../../../src/auth/third/third-api';
import { ThirdBindPanel } from '../../../src/auth/third/ThirdBindPanel';
import { safeStorage } from '../../../src/platform/storage';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const gateway = vi.hoisted(() => ({ postThird: vi.fn() }));

// The §7.4 calls answer from the test; the payloads, the cached referral codes and the texts are the real ones.
vi.mock('../../../src/auth/third/third-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/auth/third/third-api')>();
  return { ...original, postThird: gateway.postThird };
});

const SERIAL = 'S'.repeat(43);
const GOOGLE: UnboundReply = {
  bound: false,
  serialNO: SERIAL,
  provider: 'google',
  label: 'g@example.com',
  email: 'g@example.com',
  expiresAt: Date.now() + 600_000,
};

beforeEach(() => {
  gateway.postThird.mockResolvedValue({ userId: 'u-1' });
  localStorage.removeItem('referral_cache');
});
afterEach(() => {
  gateway.postThird.mockReset();
  localStorage.removeItem('referral_cache');
});

/** The panel as the sign-in page shows it; `attempt` runs the call as the page does and keeps its reply. */
async function renderPanel(referralCode?: string) {
  const replies: LoginReply[] = [];
  const attempt = async (call: () => Promise<LoginReply>) => {
    replies.push(await call());
  };
  await renderAtPath('/login', () => (
    <ThirdBindPanel reply={GOOGLE} referralCode={referralCode} attempt={attempt} onCancel={() => undefined} />
  ));
  await userEvent.click(page.getByRole('radio', { name: 'Create a new account' }));
  return replies;
}

/** Referral codes a landing link left in the cache (spec §3), valid for another minute. */
function cacheReferral(codes: Record<string, string>): void {
  safeStorage.set('referral_cache', JSON.stringify({ codes, endTime: Date.now() + 60_000 }));
}

const consent = () => page.getByRole('checkbox', { name: /agree to the trading terms/ });
const create = () => page.getByRole('button', { name: 'Create account' });

describe('creating an account with a provider', () => {
  it('asks for the terms consent first: nothing is sent until the box is ticked', async () => {
    await renderPanel();
    await userEvent.click(create());
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Agree to the trading terms to create your account.');
    await expect.element(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.postThird).not.toHaveBeenCalled();
  });

  it('sends the consent with the same serial once ticked, and links the terms of use first', async () => {
    const replies = await renderPanel();
    const first = document.querySelector('.auth-consent__links a');
    expect(first?.getAttribute('href')).toBe('/terms');
    await userEvent.click(create());
    await userEvent.click(consent());
    await userEvent.click(create());
    await expect.poll(() => replies.length).toBe(1);
    expect(gateway.postThird).toHaveBeenCalledTimes(1);
    expect(gateway.postThird).toHaveBeenCalledWith('google/register', {
      email: 'g@example.com',
      serialNO: SERIAL,
      agreed: true,
    });
  });

  it("sends the registration form's referral code over a cached one", async () => {
    cacheReferral({ clacCode: 'CACHED9', vipCode: 'VIP7' });
    await renderPanel('TYPED1');
    await userEvent.click(consent());
    await userEvent.click(create());
    await expect.poll(() => gateway.postThird.mock.calls.length).toBe(1);
    expect(gateway.postThird.mock.calls[0]?.[1]).toMatchObject({ clacCode: 'TYPED1', registerVipNo: 'VIP7' });
  });

  it("sends no cached code behind the person's back when the form's field was cleared", async () => {
    cacheReferral({ clacCode: 'CACHED9', vipCode: 'VIP7' });
    await renderPanel('');
    await userEvent.click(consent());
    await userEvent.click(create());
    await expect.poll(() => gateway.postThird.mock.calls.length).toBe(1);
    expect(gateway.postThird.mock.calls[0]?.[1]).not.toHaveProperty('clacCode');
    expect(gateway.postThird.mock.calls[0]?.[1]).toMatchObject({ registerVipNo: 'VIP7', agreed: true });
  });

  it('sends the cached referral codes when the flow did not begin on the registration form', async () => {
    cacheReferral({ clacCode: 'CACHED9' });
    await renderPanel();
    await userEvent.click(consent());
    await userEvent.click(create());
    await expect.poll(() => gateway.postThird.mock.calls.length).toBe(1);
    expect(gateway.postThird.mock.calls[0]?.[1]).toMatchObject({ clacCode: 'CACHED9', agreed: true });
  });
});
