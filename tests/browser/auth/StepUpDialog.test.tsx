import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { STEP_UP_PURPOSES } from '../../../engine/rules/step-up';
import { RequestError } from '../../../src/api/request';
import { StepUpDialog } from '../../../src/auth/StepUpDialog';
import { STEP_UP_TEXTS } from '../../../src/auth/step-up-texts';
import { useStepUp } from '../../../src/auth/use-step-up';
import { t } from '../../../src/i18n/i18n';
import '../ui/helpers';

const gateway = vi.hoisted(() => ({ options: vi.fn(), verify: vi.fn(), send: vi.fn() }));

// The dialog's calls to the gateway answer from the test; the rest of the module (40112, StepUpCancelled) is real.
vi.mock('../../../src/auth/step-up', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/auth/step-up')>();
  return { ...original, stepUpOptions: gateway.options, verifyStepUp: gateway.verify, sendStepUpCode: gateway.send };
});

beforeEach(() => {
  gateway.options.mockImplementation(async (purpose: string) => ({
    purpose,
    methods: ['email'],
    email: 'a***@example.com',
    mobile: null,
    fido: null,
  }));
  gateway.verify.mockResolvedValue(undefined);
  gateway.send.mockResolvedValue(true);
});
afterEach(() => {
  gateway.options.mockReset();
  gateway.verify.mockReset();
  gateway.send.mockReset();
});

const OLD_SENTENCE = 'This changes how your account is secured.';
const STEP_UP_REQUIRED = new RequestError('business', 'Confirm this change with your second factor first.', {
  code: '40112',
  shown: false,
});

describe('StepUpDialog texts', () => {
  it.each([
    ['withdraw', 'Confirm the withdrawal', 'Check the withdrawal below: once sent, it cannot be called back.'],
    ['sub-create', 'Confirm the new sub-account', 'A new sub-account will be opened under your account.'],
    ['api-key-create', 'Confirm the new API key', 'A program with this key can act on your account'],
    ['fido-add', 'Confirm the new security key', 'This security key will be able to sign in to your account.'],
    ['password-change', 'Confirm the password change', 'You will sign in with the new password.'],
  ] as const)('names a %s step-up in its own words', async (purpose, title, about) => {
    await render(<StepUpDialog purpose={purpose} onDone={() => undefined} />);
    const dialog = page.getByRole('dialog', { name: title });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByText(about)).toBeVisible();
    await expect.element(dialog.getByLabelText('Email code')).toBeVisible();
    expect(document.body.textContent).not.toContain(OLD_SENTENCE);
    expect(gateway.options).toHaveBeenCalledWith(purpose);
  });

  it('gives every purpose a title and a sentence of its own, none of them the old shared one', () => {
    const titles = STEP_UP_PURPOSES.map((purpose) => t(STEP_UP_TEXTS[purpose].title));
    const abouts = STEP_UP_PURPOSES.map((purpose) => t(STEP_UP_TEXTS[purpose].about));
    expect(new Set(titles).size).toBe(STEP_UP_PURPOSES.length);
    expect(new Set(abouts).size).toBe(STEP_UP_PURPOSES.length);
    for (const text of [...titles, ...abouts]) {
      // A key with no English text would come back as the key itself.
      expect(text).not.toMatch(/^stepUp\./);
      expect(text).not.toContain(OLD_SENTENCE);
    }
  });

  it('lists the summary it confirms, label by label', async () => {
    const summary = [
      { label: 'Coin', value: 'USDT' },
      { label: 'Amount received', value: '100.0000 USDT' },
    ];
    await render(<StepUpDialog purpose="withdraw" summary={summary} onDone={() => undefined} />);
    const list = page.getByTestId('step-up-summary');
    await expect.element(list).toBeVisible();
    const rows = [...list.element().querySelectorAll('div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Coin', 'USDT'],
      ['Amount received', '100.0000 USDT'],
    ]);
  });

  it('shows no summary for a change that has none', async () => {
    await render(<StepUpDialog purpose="google-unbind" onDone={() => undefined} />);
    await expect.element(page.getByRole('dialog', { name: 'Confirm removing the authenticator app' })).toBeVisible();
    expect(document.querySelector('[data-testid="step-up-summary"]')).toBeNull();
  });
});

/** A button that runs one change through useStepUp, with a summary, and shows how it ended. */
function Runner({ change }: { change: () => Promise<string> }) {
  const stepUp = useStepUp();
  const [outcome, setOutcome] = useState('');
  const summary = [{ label: 'Sub-account name', value: 'desk-2' }];
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void stepUp.run('sub-create', change, summary).then(setOutcome, (error: Error) => setOutcome(error.name))
        }
      >
        Create
      </button>
      <output data-testid="outcome">{outcome}</output>
      {stepUp.dialog}
    </>
  );
}

describe('useStepUp', () => {
  it('opens the purpose’s dialog with the summary when the gateway asks, then runs the change once more', async () => {
    const change = vi.fn<() => Promise<string>>().mockRejectedValueOnce(STEP_UP_REQUIRED).mockResolvedValue('made');
    await render(<Runner change={change} />);
    await userEvent.click(page.getByRole('button', { name: 'Create' }));
    const dialog = page.getByRole('dialog', { name: 'Confirm the new sub-account' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByTestId('step-up-summary')).toHaveTextContent('Sub-account namedesk-2');
    await userEvent.fill(dialog.getByLabelText('Email code'), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
    await expect.element(page.getByTestId('outcome')).toHaveTextContent('made');
    expect(gateway.verify).toHaveBeenCalledWith('sub-create', expect.objectContaining({ emailCode: '123456' }));
    expect(change).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('runs nothing more when the dialog is closed', async () => {
    const change = vi.fn<() => Promise<string>>().mockRejectedValue(STEP_UP_REQUIRED);
    await render(<Runner change={change} />);
    await userEvent.click(page.getByRole('button', { name: 'Create' }));
    await userEvent.click(page.getByRole('dialog').getByRole('button', { name: 'Cancel' }));
    await expect.element(page.getByTestId('outcome')).toHaveTextContent('StepUpCancelled');
    expect(change).toHaveBeenCalledTimes(1);
  });
});
