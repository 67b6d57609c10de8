import { expect, test } from '@playwright/test';
import { scopedFaults } from './support';

test.describe('signing under attack', () => {
  test('a server key with a forged signature stops the login before anything sensitive leaves, and is reported', async ({
    page,
    request,
  }) => {
    const faults = await scopedFaults(page, request);
    const config = await (await request.get('/v1/mix/config/gatewaySignConfig')).json();
    const forged = { ...config.data.gatewaySignConfig, serverPublicKeySign: Buffer.alloc(256, 7).toString('base64') };
    await faults.inject({
      path: '/v1/mix/config/gatewaySignConfig',
      status: 200,
      body: { code: '00000', msg: 'success', data: { gatewaySignConfig: forged } },
      times: 50,
    });
    const loginRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/user/login')) loginRequests.push(r.postData() ?? '');
    });
    try {
      await page.goto('/login');
      await page.getByLabel('Email or phone number').fill('demo@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Your sign-in could not be secured. Reload the page and try again.')).toBeVisible();
    } finally {
      await faults.clear();
    }
    expect(loginRequests).toEqual([]);
    await expect
      .poll(async () => JSON.stringify(await (await request.get('/__faults/csp-reports')).json()))
      .toContain('gatewaySignVerifyFailed');
  });

  test('a rejected signature (00023) signs the user out with one toast and a report naming no key material', async ({
    page,
    request,
  }) => {
    const faults = await scopedFaults(page, request);
    await page.goto('/login');
    await page.getByLabel('Email or phone number').fill('demo@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await faults.inject({
      path: '/v1/user/overview/userinfo',
      status: 200,
      body: { code: '00023', msg: 'Signature invalid', data: null },
      headers: { 'gateway-sign-error': '00023' },
      times: 5,
    });
    try {
      await page.reload();
      await expect(page.getByText('Your session could not be verified. Please sign in again.')).toBeVisible();
      await expect(page.getByTestId('sign-in-link')).toBeVisible();
    } finally {
      await faults.clear();
    }
    const reports = JSON.stringify(await (await request.get('/__faults/csp-reports')).json());
    expect(reports).toContain('00023');
    expect(reports).not.toMatch(/MII[A-Za-z0-9+/]{20}/);
  });
});
