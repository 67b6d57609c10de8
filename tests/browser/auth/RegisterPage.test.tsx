import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useSearch,
} from '@tanstack/react-router';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../src/api/request';
import { RegisterPage } from '../../../src/auth/RegisterPage';
import { type RegisterFields, registrationPayload } from '../../../src/auth/register-flow';
import { type RegisterSearch, registerSearch } from '../../../src/auth/register-search';
import { setLocale } from '../../../src/i18n/i18n';
import { safeStorage } from '../../../src/platform/storage';
import { toastState } from '../../../src/ui/toast/toast-state';
import '../ui/helpers';

const calls = vi.hoisted(() => ({ register: vi.fn(), send: vi.fn(), beginSession: vi.fn() }));

// The gateway's answers come from the test; the payload, the cached referral codes and the texts are the real ones.
vi.mock('../../../src/auth/register-flow', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/auth/register-flow')>();
  return { ...original, register: calls.register, sendRegisterCode: calls.send };
});
vi.mock('../../../src/auth/auth-actions', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/auth/auth-actions')>();
  return { ...original, beginSession: calls.beginSession };
});
// Neither the device fingerprint nor the third-party providers take part in these tests.
vi.mock('../../../src/security/fingerprint', () => ({ ensureFingerprint: () => undefined }));
vi.mock('../../../src/auth/third/ThirdPartyMethods', () => ({ ThirdPartyMethods: () => null }));

const HINT = '8 to 32 characters, with at least one Latin letter and one digit; no spaces.';
const CONSENT_ERROR = 'Agree to the trading terms to create your account.';
const REFERRAL_ERROR = 'A referral code has only letters, digits, - and _ (up to 64).';

function RegisterScreen() {
  const { referralCode } = useSearch({ strict: false }) as RegisterSearch;
  return <RegisterPage linkedReferralCode={referralCode} />;
}

/** The page as `/register` serves it: the route's own search validation, at `url`. */
function renderRegister(url = '/register') {
  const root = createRootRoute({ component: Outlet });
  const register = createRoute({
    getParentRoute: () => root,
    path: '/register',
    validateSearch: registerSearch,
    component: RegisterScreen,
  });
  const router = createRouter({
    routeTree: root.addChildren([register]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  return render(<RouterProvider router={router} />);
}

const email = () => page.getByRole('textbox', { name: 'Email', exact: true });
const emailCode = () => page.getByLabelText('Email code');
const password = () => page.getByLabelText('Password', { exact: true });
const rePassword = () => page.getByLabelText('Repeat password');
const referral = () => page.getByLabelText('Referral code (optional)');
const consent = () => page.getByRole('checkbox', { name: /agree to the trading terms/ });
const submit = () => page.getByRole('button', { name: 'Create account' });
/** The error under an input: the element its aria-describedby names with role alert. */
function errorOf(input: Element): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}

async function fillValidForm(options: { agree?: boolean } = {}) {
  await userEvent.fill(email(), 'new@example.com');
  await userEvent.fill(emailCode(), '123456');
  await userEvent.fill(password(), 'Fresh-pass-1');
  await userEvent.fill(rePassword(), 'Fresh-pass-1');
  if (options.agree ?? true) await userEvent.click(consent());
}

beforeEach(() => {
  calls.register.mockResolvedValue('1001');
  calls.send.mockResolvedValue(true);
  calls.beginSession.mockResolvedValue(undefined);
  localStorage.removeItem('referral_cache');
});
afterEach(async () => {
  for (const mock of Object.values(calls)) mock.mockReset();
  localStorage.removeItem('referral_cache');
  await setLocale('en');
});

describe('referral code field', () => {
  it.each([
    ['/register?referralCode=FRIEND1', 'FRIEND1'],
    ['/register?inviteCode=INV-2', 'INV-2'],
    ['/register?clacCode=c_3,other', 'c_3'],
  ])('is filled from the link %s', async (url, shown) => {
    await renderRegister(url);
    await expect.element(referral()).toHaveValue(shown);
  });

  it('stays empty for a link whose code is malformed', async () => {
    await renderRegister('/register?referralCode=%3Cscript%3E&inviteCode=a%20b');
    await expect.element(referral()).toBeVisible();
    expect((referral().element() as HTMLInputElement).value).toBe('');
  });

  it('is filled from a referral link the visitor landed on earlier (the cached clacCode)', async () => {
    safeStorage.set('referral_cache', JSON.stringify({ codes: { clacCode: 'CACHED9' }, endTime: Date.now() + 60_000 }));
    await renderRegister();
    await expect.element(referral()).toHaveValue('CACHED9');
  });

  it('keeps the code and everything typed when the gateway refuses the form', async () => {
    calls.register.mockRejectedValue(
      new RequestError('business', 'The code is wrong or has expired.', { code: '40102', shown: false }),
    );
    await renderRegister('/register?referralCode=FRIEND1');
    await fillValidForm();
    await userEvent.click(submit());
    await expect
      .poll(() => toastState.toasts.map((toast) => toast.message))
      .toContain('The code is wrong or has expired.');
    expect(calls.register).toHaveBeenCalledTimes(1);
    const [kind, fields] = calls.register.mock.calls[0] as [string, RegisterFields];
    expect(kind).toBe('email');
    expect(fields).toMatchObject({ referralCode: 'FRIEND1', agreed: true, email: 'new@example.com' });
    await expect.element(referral()).toHaveValue('FRIEND1');
    await expect.element(email()).toHaveValue('new@example.com');
    await expect.element(password()).toHaveValue('Fresh-pass-1');
    await expect.element(consent()).toBeChecked();
  });

  it('refuses a malformed code before sending, under the field', async () => {
    await renderRegister();
    await fillValidForm();
    await userEvent.fill(referral(), 'bad code!');
    await userEvent.click(submit());
    await expect.poll(() => errorOf(referral().element())).toBe(REFERRAL_ERROR);
    await expect.element(referral()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.register).not.toHaveBeenCalled();
    await userEvent.fill(referral(), 'GOOD-1');
    await expect.poll(() => errorOf(referral().element())).toBeNull();
  });

  it("puts the gateway's refusal of the code (40115) under the field, not in a toast, until it is changed", async () => {
    calls.register.mockRejectedValueOnce(
      new RequestError('business', 'Invalid referral code in clacCode', { code: '40115', shown: false }),
    );
    await renderRegister('/register?referralCode=FRIEND1');
    await fillValidForm();
    await userEvent.click(submit());
    await expect.poll(() => errorOf(referral().element())).toBe(REFERRAL_ERROR);
    expect(toastState.toasts).toEqual([]);
    await expect.element(referral()).toHaveValue('FRIEND1');
    await userEvent.fill(referral(), 'FRIEND2');
    await expect.poll(() => errorOf(referral().element())).toBeNull();
  });

  it('sends the field as clacCode, over the cached one, and drops the cached one when the field is cleared', () => {
    const fields: RegisterFields = {
      email: 'a@example.com',
      mobile: '',
      areaCode: '',
      pwd: 'Fresh-pass-1',
      rePwd: 'Fresh-pass-1',
      emailCode: '123456',
      mobileCode: '',
      referralCode: ' TYPED ',
      agreed: true,
    };
    const cached = { registerVipNo: 'VIP7', clacCode: 'CACHED' };
    expect(registrationPayload('email', fields, cached)).toMatchObject({
      registerVipNo: 'VIP7',
      clacCode: 'TYPED',
      agreed: true,
    });
    const cleared = registrationPayload('email', { ...fields, referralCode: '' }, cached);
    expect(cleared).not.toHaveProperty('clacCode');
    expect(cleared).toMatchObject({ registerVipNo: 'VIP7', agreed: true });
  });
});

describe('terms consent', () => {
  it('links to the terms of use, the fee schedule and the protection fund in a new tab, the terms first', async () => {
    await renderRegister();
    for (const [name, href] of [
      ['Terms of use', '/terms'],
      ['Fee schedule', '/fee'],
      ['Protection fund rules', '/protection-fund'],
    ]) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect.element(link).toHaveAttribute('href', href);
      await expect.element(link).toHaveAttribute('target', '_blank');
    }
    const first = document.querySelector('.auth-consent__links a');
    expect(first?.getAttribute('href')).toBe('/terms');
  });

  it('refuses to submit without the box ticked, with the error under the box', async () => {
    await renderRegister();
    await fillValidForm({ agree: false });
    await userEvent.click(submit());
    await expect.poll(() => errorOf(consent().element())).toBe(CONSENT_ERROR);
    await expect.element(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.register).not.toHaveBeenCalled();
    await userEvent.click(consent());
    await expect.poll(() => errorOf(consent().element())).toBeNull();
    await userEvent.click(submit());
    await expect.poll(() => calls.register.mock.calls.length).toBe(1);
  });

  it("shows the gateway's refusal for missing consent (40116) under the box", async () => {
    calls.register.mockRejectedValueOnce(
      new RequestError('business', 'Please agree to the terms to register', { code: '40116', shown: false }),
    );
    await renderRegister();
    await fillValidForm();
    await userEvent.click(submit());
    await expect.poll(() => errorOf(consent().element())).toBe(CONSENT_ERROR);
    expect(toastState.toasts).toEqual([]);
  });
});

describe('password errors', () => {
  it.each([
    ['short', ['Too short: use at least 8 characters.', 'Add a digit (0–9).']],
    ['abcdefgh', ['Add a digit (0–9).']],
    ['12345678', ['Add a letter (a–z or A–Z).']],
    ['pass word 1', ['Use only Latin letters, digits and symbols such as ! @ # - _ (no spaces).']],
    ['!!', ['Too short: use at least 8 characters.', 'Add a letter (a–z or A–Z).', 'Add a digit (0–9).']],
  ])('say what %j lacks, never the hint word for word', async (typed, lines) => {
    await renderRegister();
    await expect.element(page.getByText(HINT)).toBeVisible();
    await userEvent.fill(password(), typed);
    const input = password().element();
    await userEvent.click(submit());
    await expect.poll(() => errorOf(input)).toBe(lines.join('\n'));
    expect(errorOf(input)).not.toContain(HINT);
  });

  it('clears once the password meets the rule', async () => {
    await renderRegister();
    await userEvent.fill(password(), 'abcdefgh');
    await userEvent.click(submit());
    await expect.poll(() => errorOf(password().element())).toBe('Add a digit (0–9).');
    await userEvent.fill(password(), 'abcdefg1');
    await expect.poll(() => errorOf(password().element())).toBeNull();
  });
});

describe('after registering', () => {
  it('offers deposit, security set-up and trading, signed in', async () => {
    await renderRegister('/register?referralCode=FRIEND1');
    await fillValidForm();
    await userEvent.click(submit());
    const heading = page.getByRole('heading', { name: 'Your account is ready' });
    await expect.element(heading).toBeVisible();
    expect(document.activeElement).toBe(heading.element());
    expect(calls.beginSession).toHaveBeenCalledWith('1001');
    for (const [name, href] of [
      [/^Deposit/, '/asset/deposit'],
      [/^Set up security/, '/account/setting'],
      [/^Start trading/, '/spot/BTCUSDT'],
    ] as const) {
      await expect.element(page.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(document.querySelector('form')).toBeNull();
  });

  it('still offers the next steps when the page could not finish its own sign-in', async () => {
    calls.beginSession.mockRejectedValue(new Error('key binding failed'));
    await renderRegister();
    await fillValidForm();
    await userEvent.click(submit());
    await expect.element(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  });
});

describe('in other languages', () => {
  it.each([
    [
      'ja',
      'アカウントを作成',
      '短すぎます。8文字以上にしてください。',
      'アカウントを作成するには、取引規約に同意してください。',
      'アカウントの準備ができました',
    ],
    ['ar', 'إنشاء حساب', 'قصيرة جدًا: استخدم 8 أحرف على الأقل.', 'وافق على شروط التداول لإنشاء حسابك.', 'حسابك جاهز'],
  ] as const)(
    '%s: the consent and password errors, then the next steps, in that language',
    async (locale, submitName, short, consentError, done) => {
      await setLocale(locale);
      await renderRegister();
      const button = page.getByRole('button', { name: submitName });
      await expect.element(button).toBeVisible();
      const pwd = document.querySelector<HTMLInputElement>('input[name="pwd"]')!;
      const agreed = document.querySelector<HTMLInputElement>('input[name="agreed"]')!;
      await userEvent.fill(pwd, 'abc');
      await userEvent.click(button);
      await expect.poll(() => errorOf(pwd)?.split('\n')[0]).toBe(short);
      expect(errorOf(agreed)).toBe(consentError);
      await userEvent.fill(document.querySelector<HTMLInputElement>('input[name="email"]')!, 'new@example.com');
      await userEvent.fill(document.querySelector<HTMLInputElement>('input[name="emailCode"]')!, '123456');
      await userEvent.fill(pwd, 'Fresh-pass-1');
      await userEvent.fill(document.querySelector<HTMLInputElement>('input[name="rePwd"]')!, 'Fresh-pass-1');
      await userEvent.click(agreed);
      await userEvent.click(button);
      await expect.element(page.getByRole('heading', { name: done })).toBeVisible();
    },
  );
});

/** The serious and critical violations axe can prove in the page as it stands. */
async function seriousViolations() {
  const result = await axe.run(document.body, { resultTypes: ['violations'] });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  it.each(['dark', 'light'] as const)(
    'axe finds no serious violation in the form with its errors, nor in the next steps (%s)',
    async (theme) => {
      document.documentElement.dataset.theme = theme;
      await renderRegister('/register?referralCode=FRIEND1');
      await userEvent.fill(password(), 'short');
      await userEvent.click(submit());
      await expect.poll(() => errorOf(consent().element())).toBe(CONSENT_ERROR);
      expect(await seriousViolations()).toEqual([]);
      await fillValidForm();
      await userEvent.click(submit());
      await expect.element(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
      expect(await seriousViolations()).toEqual([]);
    },
  );
});
