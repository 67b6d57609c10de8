import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { setLocale } from '../../../src/i18n/i18n';
import { Dialog } from '../../../src/ui/Dialog';
import { closeAllToasts, showToast, TOAST_TYPES, toast } from '../../../src/ui/toast/toast-state';
import { stackTopFor, Toaster } from '../../../src/ui/toast/Toaster';
import { rect, sleep, useDesktop } from './helpers';

const toastOf = (text: string) => page.getByText(text).element().closest<HTMLElement>('.toast')!;

beforeEach(async () => {
  await useDesktop();
});

describe('Toaster', () => {
  it('shows a toast with its text and closes it after its duration', async () => {
    const screen = await render(<Toaster />);
    toast.success('Order placed', 600);
    await expect.element(screen.getByText('Order placed')).toBeVisible();
    await sleep(300);
    await expect.element(screen.getByText('Order placed')).toBeVisible();
    await expect.poll(() => document.querySelector('.toast'), { timeout: 2000 }).toBeNull();
  });

  it('gives each of the six types its role, icon and a spoken type label', async () => {
    const screen = await render(<Toaster />);
    const labels = {
      success: 'Success',
      warning: 'Warning',
      info: 'Information',
      error: 'Error',
      question: 'Question',
      loading: 'In progress',
    };
    // One at a time: six at once would exceed the cap of five.
    for (const type of TOAST_TYPES) {
      closeAllToasts();
      showToast({ type, message: `A ${type} message`, duration: 0 });
      const role = type === 'error' ? 'alert' : 'status';
      const live = screen.getByRole(role).filter({ hasText: `A ${type} message` });
      await expect.element(live).toBeVisible();
      await expect.element(live).toHaveTextContent(`${labels[type]}: A ${type} message`);
      await expect.element(live).toHaveAttribute('aria-live', type === 'error' ? 'assertive' : 'polite');
      expect(live.element().querySelector('[aria-hidden="true"]')).not.toBeNull();
    }
    await expect.element(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('heads an error toast with the spec §8 "Tip" text, which names its alert, in the page’s language', async () => {
    const screen = await render(<Toaster />);
    toast.error('The system is busy', 0);
    const alert = screen.getByRole('alert', { name: 'Tip' });
    await expect.element(alert).toBeVisible();
    const title = alert.getByText('Tip', { exact: true });
    await expect.element(title).toBeVisible();
    // The heading sits above the message.
    expect(rect(title.element()).bottom).toBeLessThanOrEqual(rect(alert.getByText('The system is busy').element()).top);
    try {
      await setLocale('ja');
      await expect.element(screen.getByRole('alert', { name: 'お知らせ' })).toBeVisible();
    } finally {
      await setLocale('en');
    }
  });

  it('gives other toasts no heading', async () => {
    const screen = await render(<Toaster />);
    toast.success('Order placed', 0);
    await expect.element(screen.getByRole('status').filter({ hasText: 'Order placed' })).toBeVisible();
    expect(document.querySelector('.toast__title')).toBeNull();
  });

  it('stacks the first toast 100 px from the top and the next 16 px below it, and moves it up when the first closes', async () => {
    await render(<Toaster />);
    toast.info('First', 0);
    toast.info('Second, with a message long enough to differ in width', 0);
    await expect.element(page.getByText('Second', { exact: false })).toBeVisible();
    const first = toastOf('First');
    const second = toastOf('Second, with a message long enough to differ in width');
    await expect.poll(() => rect(first).top).toBe(100);
    await expect.poll(() => rect(second).top).toBeCloseTo(rect(first).bottom + 16, 0);
    // Centred horizontally.
    const middle = window.innerWidth / 2;
    expect(Math.abs((rect(first).left + rect(first).right) / 2 - middle)).toBeLessThan(1);

    await userEvent.click(page.getByRole('button', { name: 'Close' }).first());
    await expect.poll(() => first.isConnected).toBe(false);
    await expect.poll(() => rect(second).top).toBe(100);
  });

  it('starts the stack below the page heading when the heading reaches past 100 px, so it never covers it', async () => {
    await render(
      <main>
        <h1 style={{ marginBlockStart: '90px', lineHeight: '40px', margin: '90px 0 0' }}>Trading page</h1>
        <Toaster />
      </main>,
    );
    toast.info('Over the heading?', 0);
    await expect.element(page.getByText('Over the heading?')).toBeVisible();
    const item = toastOf('Over the heading?');
    const heading = page.getByRole('heading', { name: 'Trading page' }).element();
    await expect.poll(() => rect(item).top).toBe(Math.ceil(rect(heading).bottom) + 16);
    expect(rect(item).top).toBeGreaterThan(rect(heading).bottom);
  });

  it('keeps the spec offset when the heading ends above it, and goes below a heading further down', () => {
    expect(stackTopFor({ top: 60, bottom: 90 })).toBe(100);
    expect(stackTopFor({ top: -50, bottom: -10 })).toBe(100);
    expect(stackTopFor({ top: 150, bottom: 190 })).toBe(206);
    expect(stackTopFor({ top: 80, bottom: 120.2 })).toBe(137);
    expect(stackTopFor(null)).toBe(100);
  });

  it('does not close while hovered, and closes after the pointer leaves', async () => {
    const screen = await render(<Toaster />);
    toast.warning('Hover me', 500);
    const text = screen.getByText('Hover me');
    await userEvent.hover(text);
    await sleep(900);
    await expect.element(text).toBeVisible();
    await userEvent.unhover(text);
    await expect.poll(() => document.querySelector('.toast'), { timeout: 2000 }).toBeNull();
  });

  it('does not close while focus is inside it', async () => {
    const screen = await render(<Toaster />);
    toast.info('Focus me', 400);
    await expect.element(screen.getByText('Focus me')).toBeVisible();
    screen.getByRole('button', { name: 'Close' }).element().focus();
    await sleep(700);
    await expect.element(screen.getByText('Focus me')).toBeVisible();
    (document.activeElement as HTMLElement).blur();
    await expect.poll(() => document.querySelector('.toast'), { timeout: 2000 }).toBeNull();
  });

  it('closes with the close button', async () => {
    const screen = await render(<Toaster />);
    toast.question('Are you sure?', 0);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect.element(screen.getByText('Are you sure?')).not.toBeInTheDocument();
  });

  it('closes the newest toast on Escape, from inside the region or anywhere on the page', async () => {
    const screen = await render(<Toaster />);
    toast.info('Older', 0);
    toast.info('Newer', 0);
    await expect.element(screen.getByText('Newer')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByText('Newer')).not.toBeInTheDocument();
    await expect.element(screen.getByText('Older')).toBeVisible();
    screen.getByRole('button', { name: 'Close' }).element().focus();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByText('Older')).not.toBeInTheDocument();
  });

  it('leaves Escape to an open dialog', async () => {
    let isOpen = true;
    const close = () => {
      isOpen = false;
    };
    const screen = await render(
      <>
        <Toaster />
        <Dialog open onClose={close} title="Confirm">
          body
        </Dialog>
      </>,
    );
    toast.info('Still here', 0);
    await expect.element(screen.getByText('Still here')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(isOpen).toBe(false);
    await expect.element(screen.getByText('Still here')).toBeVisible();
  });

  it('puts the close button on the inline-end side, which is the left in RTL', async () => {
    const screen = await render(<Toaster />);
    toast.info('Mirrored', 0);
    const message = screen.getByText('Mirrored');
    const close = screen.getByRole('button', { name: 'Close' });
    await expect.element(message).toBeVisible();
    expect(rect(close.element()).left).toBeGreaterThan(rect(message.element()).right);
    document.documentElement.dir = 'rtl';
    await expect.poll(() => rect(close.element()).right).toBeLessThan(rect(message.element()).left);
  });
});
