import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ForgotPasswordPage } from '../../../src/auth/ForgotPasswordPage';
import { toastState } from '../../../src/ui/toast/toast-state';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const gateway = vi.hoisted(() => ({ post: vi.fn() }));

// The code-sending call answers from the test; the masking, the texts and the form are the real ones.
vi.mock('../../../src/security/secured-api', () => ({ api: { post: gateway.post } }));

/** What `/v1/msg/verify-code/send` answers, whether or not an account uses the address. */
const SENT = { sent: true, expiresInSeconds: 600, resendAfterSeconds: 60 };

beforeEach(() => {
  gateway.post.mockResolvedValue(SENT);
});
afterEach(() => {
  gateway.post.mockReset();
});

const loginName = () => page.getByLabelText('Email or phone number');
const sendCode = () => page.getByRole('button', { name: 'Send code' });
/** The status line under the code field. */
function sentStatus(): HTMLElement {
  const status = document.querySelector<HTMLElement>('.auth__sent');
  if (!status) throw new Error('no status line under the code field');
  return status;
}

async function renderPage() {
  await renderAtPath('/forgot-password', ForgotPasswordPage);
  await expect.element(loginName()).toBeVisible();
}

describe('where a reset code went', () => {
  it('says nothing before a code is sent', async () => {
    await renderPage();
    await userEvent.fill(loginName(), 'jane.doe@example.com');
    expect(sentStatus().getAttribute('role')).toBe('status');
    expect(sentStatus().textContent).toBe('');
  });

  it('names the email masked, with the code lifetime, under the code field and not as a toast', async () => {
    await renderPage();
    await userEvent.fill(loginName(), 'jane.doe@example.com');
    await userEvent.click(sendCode());
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(
        'If an account uses \u2068j***@example.com\u2069, a code is on its way. It is valid for 10 minutes.',
      );
    expect(sentStatus().textContent).not.toContain('jane.doe');
    expect(gateway.post).toHaveBeenCalledWith('/msg/verify-code/send', {
      params: { scene: 'reset', type: 'email', email: 'jane.doe@example.com' },
    });
    expect(toastState.toasts).toEqual([]);
  });

  it('names a phone number masked with its country code', async () => {
    await renderPage();
    await userEvent.fill(loginName(), '9012345678');
    await userEvent.fill(page.getByLabelText('Country code'), '+81');
    await userEvent.click(sendCode());
    await expect.element(page.getByRole('status')).toHaveTextContent('If an account uses \u2068+81 901****5678\u2069');
    expect(sentStatus().textContent).not.toContain('9012345678');
  });

  it('leaves out the lifetime when the reply does not tell it', async () => {
    gateway.post.mockResolvedValue({ sent: true });
    await renderPage();
    await userEvent.fill(loginName(), 'jane.doe@example.com');
    await userEvent.click(sendCode());
    await expect.element(page.getByRole('status')).toHaveTextContent('a code is on its way.');
    expect(sentStatus().textContent).not.toContain('valid for');
  });

  it('says nothing when the code could not be sent', async () => {
    gateway.post.mockRejectedValue(new Error('rate limited'));
    await renderPage();
    await userEvent.fill(loginName(), 'jane.doe@example.com');
    await userEvent.click(sendCode());
    await expect.poll(() => gateway.post.mock.calls.length).toBe(1);
    await expect.element(sendCode()).toBeEnabled();
    expect(sentStatus().textContent).toBe('');
  });

  it('forgets the address once another one is typed', async () => {
    await renderPage();
    await userEvent.fill(loginName(), 'jane.doe@example.com');
    await userEvent.click(sendCode());
    await expect.element(page.getByRole('status')).toHaveTextContent('j***@example.com');
    await userEvent.fill(loginName(), 'other@example.com');
    await expect.poll(() => sentStatus().textContent).toBe('');
  });
});
