import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../src/api/request';
import { CodesForm } from '../../../src/auth/CodesForm';
import { LoginPage } from '../../../src/auth/LoginPage';
import { StepUpDialog } from '../../../src/auth/StepUpDialog';
import { toastState } from '../../../src/ui/toast/toast-state';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const gateway = vi.hoisted(() => ({
  password: vi.fn(),
  codes: vi.fn(),
  options: vi.fn(),
  verify: vi.fn(),
}));

// The sign-in's and the step-up's calls answer from the test; the rest of each module is real.
vi.mock('../../../src/auth/login-flow', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/auth/login-flow')>();
  return { ...original, submitPassword: gateway.password, submitCodes: gateway.codes, sendLoginCode: vi.fn() };
});
vi.mock('../../../src/auth/step-up', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/auth/step-up')>();
  return { ...original, stepUpOptions: gateway.options, verifyStepUp: gateway.verify, sendStepUpCode: vi.fn() };
});

const WRONG_CODE_TEXT = 'The code is wrong or has expired.';
/** The gateway's refusal of a code as the request layer hands it on when told not to toast (`silent`). */
const refusedCode = () => new RequestError('business', WRONG_CODE_TEXT, { code: '40102', shown: false });
const networkDown = () => new RequestError('network', 'Network error, please try again.', { shown: false });

beforeEach(() => {
  gateway.password.mockResolvedValue({ needVerify: true, methods: ['google'] });
  gateway.options.mockImplementation(async (purpose: string) => ({
    purpose,
    methods: ['email'],
    email: 'a***@example.com',
    mobile: null,
    fido: null,
  }));
});
afterEach(() => {
  for (const mock of Object.values(gateway)) mock.mockReset();
});

/** The alert under a field, found the way assistive technology finds it: through the input's aria-describedby. */
function describedAlert(input: HTMLElement): HTMLElement | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((node) => node?.getAttribute('role') === 'alert') ?? null;
}

async function reachCodeStep() {
  await renderAtPath('/login', LoginPage);
  await userEvent.fill(page.getByLabelText('Email or phone number'), 'trader@example.com');
  await userEvent.fill(page.getByLabelText('Password', { exact: true }), 'Secret-pass-9');
  await userEvent.click(page.getByRole('button', { name: 'Sign in' }));
  await expect.element(page.getByLabelText('Authenticator code')).toBeVisible();
}

describe('the sign-in code step', () => {
  it('says a wrong code under its field, keeps what was typed, and shows no toast over the form', async () => {
    gateway.codes.mockRejectedValue(refusedCode());
    await reachCodeStep();
    const field = page.getByLabelText('Authenticator code');
    await userEvent.fill(field, '000000');
    await userEvent.click(page.getByRole('button', { name: 'Verify' }));

    await expect.element(page.getByRole('alert')).toHaveTextContent(WRONG_CODE_TEXT);
    const input = field.element() as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedAlert(input)?.textContent).toBe(WRONG_CODE_TEXT);
    // Under the field: inside the field's own box, after the input.
    expect(input.closest('.field')?.contains(describedAlert(input))).toBe(true);
    expect(input.value).toBe('000000');
    expect(toastState.toasts).toEqual([]);
    expect(gateway.codes).toHaveBeenCalledWith({ emailCode: undefined, mobileCode: undefined, googleCode: '000000' });
  });

  it('drops the refusal once the code is typed again', async () => {
    gateway.codes.mockRejectedValueOnce(refusedCode());
    await reachCodeStep();
    const field = page.getByLabelText('Authenticator code');
    await userEvent.fill(field, '000000');
    await userEvent.click(page.getByRole('button', { name: 'Verify' }));
    await expect.element(page.getByRole('alert')).toBeVisible();
    await userEvent.fill(field, '123456');
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(field.element().getAttribute('aria-invalid')).toBeNull();
  });

  it('still toasts a failure that is not about the code, and keeps the code', async () => {
    gateway.codes.mockRejectedValue(networkDown());
    await reachCodeStep();
    await userEvent.fill(page.getByLabelText('Authenticator code'), '123456');
    await userEvent.click(page.getByRole('button', { name: 'Verify' }));
    await expect
      .poll(() => toastState.toasts.map((toast) => toast.message))
      .toEqual(['Network error, please try again.']);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect((page.getByLabelText('Authenticator code').element() as HTMLInputElement).value).toBe('123456');
  });

  it('goes back to the password when the pending sign-in is gone, saying why in a toast', async () => {
    gateway.codes.mockRejectedValue(
      new RequestError('business', 'Too many wrong codes. Sign in again.', { code: '40104', shown: false }),
    );
    await reachCodeStep();
    await userEvent.fill(page.getByLabelText('Authenticator code'), '123456');
    await userEvent.click(page.getByRole('button', { name: 'Verify' }));
    await expect.element(page.getByLabelText('Email or phone number')).toBeVisible();
    expect(toastState.toasts.map((toast) => toast.message)).toEqual(['Too many wrong codes. Sign in again.']);
  });
});

describe('CodesForm with several codes', () => {
  it('marks every code invalid and says the refusal once, under the last field', async () => {
    const onSubmit = vi.fn().mockRejectedValue(refusedCode());
    await render(
      <CodesForm channels={['email', 'google']} intro={null} onSubmit={onSubmit} onBack={() => undefined} />,
    );
    await userEvent.fill(page.getByLabelText('Email code'), '111111');
    await userEvent.fill(page.getByLabelText('Authenticator code'), '222222');
    await userEvent.click(page.getByRole('button', { name: 'Verify' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent(WRONG_CODE_TEXT);
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
    const email = page.getByLabelText('Email code').element() as HTMLInputElement;
    const google = page.getByLabelText('Authenticator code').element() as HTMLInputElement;
    expect([email.getAttribute('aria-invalid'), google.getAttribute('aria-invalid')]).toEqual(['true', 'true']);
    expect(describedAlert(google)?.textContent).toBe(WRONG_CODE_TEXT);
    expect([email.value, google.value]).toEqual(['111111', '222222']);
    expect(toastState.toasts).toEqual([]);
  });
});

describe('the step-up dialog’s codes', () => {
  it('says a wrong code under its field inside the dialog, with no toast, and stays open', async () => {
    gateway.verify.mockRejectedValue(refusedCode());
    const onDone = vi.fn();
    await render(<StepUpDialog purpose="withdraw" onDone={onDone} />);
    const dialog = page.getByRole('dialog');
    await userEvent.fill(dialog.getByLabelText('Email code'), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
    await expect.element(dialog.getByRole('alert')).toHaveTextContent(WRONG_CODE_TEXT);
    const input = dialog.getByLabelText('Email code').element() as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedAlert(input)).not.toBeNull();
    expect(input.value).toBe('654321');
    expect(toastState.toasts).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });
});
