import { expect, test } from '@playwright/test';

test.describe('device services', () => {
  test('the risk SDK served by the gateway yields a 40-character token kept in a 7-day cookie', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'risk_token')?.value ?? '', {
        timeout: 10_000,
      })
      .toMatch(/^[0-9a-f]{40}$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'risk_token');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  test('referral codes in the landing URL are cached with an end time', async ({ page }) => {
    await page.goto('/?channelCode=spring,other&vipCode=V42');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('referral_cache') ?? ''), { timeout: 10_000 })
      .toContain('"channelCode":"spring"');
    const cache = JSON.parse(await page.evaluate(() => localStorage.getItem('referral_cache') ?? '{}'));
    expect(cache.codes).toEqual({ channelCode: 'spring', vipCode: 'V42' });
    expect(cache.endTime - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });
});
