import { StrictMode, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Button } from '../../../src/ui/Button';
import { Dialog, type DialogProps, type DialogSize } from '../../../src/ui/Dialog';
import { useDesktop } from './helpers';

type HarnessProps = Partial<Omit<DialogProps, 'open' | 'onClose' | 'title'>> & { onClose?: () => void };

/** A page with an opener button and a dialog holding an input and two footer buttons. */
function Harness({ onClose, ...props }: HarnessProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Open</Button>
      <Dialog
        open={isOpen}
        onClose={() => {
          onClose?.();
          setIsOpen(false);
        }}
        title="Transfer"
        footer={
          <>
            <Button onClick={() => setIsOpen(false)}>Cancel</Button>
            <Button variant="primary">Confirm</Button>
          </>
        }
        {...props}
      >
        <label>
          Amount <input name="amount" />
        </label>
      </Dialog>
    </>
  );
}

/** A dialog whose button opens a second dialog on top of it. */
function Nested() {
  const [isInnerOpen, setIsInnerOpen] = useState(false);
  return (
    <Dialog open onClose={() => {}} title="Outer">
      <Button onClick={() => setIsInnerOpen(true)}>More</Button>
      <Dialog open={isInnerOpen} onClose={() => setIsInnerOpen(false)} title="Inner" size="sm">
        <Button>Inner action</Button>
      </Dialog>
    </Dialog>
  );
}

async function open() {
  await userEvent.click(page.getByRole('button', { name: 'Open' }));
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await expect.element(dialog).toBeVisible();
  return dialog;
}

beforeEach(async () => {
  await useDesktop();
});

describe('Dialog', () => {
  it('is a labelled modal dialog rendered in a portal, and moves focus into it', async () => {
    const screen = await render(<Harness />);
    const dialog = await open();
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.container.contains(dialog.element())).toBe(false);
    await expect.element(page.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside', async () => {
    await render(<Harness />);
    await open();
    const confirm = page.getByRole('button', { name: 'Confirm' });
    const close = page.getByRole('button', { name: 'Close' });
    confirm.element().focus();
    await userEvent.tab();
    await expect.element(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect.element(confirm).toHaveFocus();
    // A full round trip never leaves the dialog.
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(page.getByRole('dialog').element().contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = vi.fn();
    await render(<Harness onClose={onClose} />);
    await open();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    await expect.element(page.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('still moves focus in, returns it and unlocks scrolling under StrictMode (effects run twice)', async () => {
    await render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    );
    await open();
    await expect.element(page.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
    expect(getComputedStyle(document.body).overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
  });

  it('closes with its close button', async () => {
    await render(<Harness />);
    await open();
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on a backdrop click, but not when dismissible={false}', async () => {
    const screen = await render(<Harness />);
    await open();
    await userEvent.click(page.getByRole('dialog'), { position: { x: 10, y: 10 } });
    await expect.element(page.getByRole('dialog')).toBeVisible();
    const backdrop = () => document.querySelector<HTMLElement>('.dialog-backdrop')!;
    await userEvent.click(backdrop(), { position: { x: 5, y: 5 } });
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();

    await screen.rerender(<Harness dismissible={false} />);
    await open();
    await userEvent.click(backdrop(), { position: { x: 5, y: 5 } });
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
  });

  it('locks page scrolling while open', async () => {
    await render(<Harness />);
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
    await open();
    expect(getComputedStyle(document.body).overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => getComputedStyle(document.body).overflow).not.toBe('hidden');
  });

  const widths: Record<DialogSize, number> = { sm: 396, md: 480, lg: 640, xl: 720 };
  for (const [size, width] of Object.entries(widths) as [DialogSize, number][]) {
    it(`is ${width} px wide with size="${size}" on a desktop viewport`, async () => {
      await render(<Harness size={size} />);
      const dialog = await open();
      await expect.poll(() => dialog.element().getBoundingClientRect().width).toBe(width);
    });
  }

  it('is 480 px wide by default', async () => {
    await render(<Harness />);
    const dialog = await open();
    await expect.poll(() => dialog.element().getBoundingClientRect().width).toBe(480);
  });

  it('becomes a full-width sheet at the bottom on a 375 px phone', async () => {
    await page.viewport(375, 700);
    await render(<Harness size="xl" />);
    const dialog = await open();
    await expect.poll(() => dialog.element().getBoundingClientRect().width).toBe(375);
    await expect.poll(() => Math.round(dialog.element().getBoundingClientRect().bottom)).toBe(window.innerHeight);
    expect(dialog.element().getBoundingClientRect().left).toBe(0);
  });

  it('traps focus only in the innermost of two open dialogs, and Escape closes that one first', async () => {
    await render(<Nested />);
    await userEvent.click(page.getByRole('button', { name: 'More' }));
    await expect.element(page.getByRole('button', { name: 'Inner action' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(page.getByRole('dialog', { name: 'Inner' }).element().contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    await expect.element(page.getByRole('dialog', { name: 'Outer' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'More' })).toHaveFocus();
  });
});
