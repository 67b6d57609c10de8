import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Skeleton } from '../../../src/ui/Skeleton';
import { Spinner } from '../../../src/ui/Spinner';
import { StateView } from '../../../src/ui/StateView';
import './helpers';

describe('StateView', () => {
  it('shows a busy status while loading, without a retry button', async () => {
    await render(<StateView state="loading" onRetry={() => {}} />);
    const status = page.getByRole('status');
    await expect.element(status).toHaveAttribute('aria-busy', 'true');
    await expect.element(status).toHaveTextContent('Loading…');
    await expect.element(page.getByRole('button')).not.toBeInTheDocument();
  });

  it('shows the localized default for an empty list', async () => {
    await render(<StateView state="empty" />);
    await expect.element(page.getByRole('status')).toHaveTextContent('Nothing here yet');
  });

  it('announces an error as an alert and retries on the button', async () => {
    const onRetry = vi.fn();
    await render(<StateView state="error" message="Markets could not be loaded." onRetry={onRetry} />);
    await expect.element(page.getByRole('alert')).toHaveTextContent('Markets could not be loaded.');
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says the user is offline', async () => {
    await render(<StateView state="offline" onRetry={() => {}} retryLabel="Reconnect" />);
    await expect.element(page.getByRole('status')).toHaveTextContent('You are offline');
    await expect.element(page.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  });
});

describe('Skeleton', () => {
  it('marks its container busy, tells screen readers it is loading and hides the bars', async () => {
    const screen = await render(<Skeleton lines={4} />);
    const skeleton = screen.container.querySelector('.skeleton')!;
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).toBe('Loading…');
    expect(skeleton.querySelectorAll('.skeleton__bar[aria-hidden="true"]')).toHaveLength(4);
  });
});

describe('Spinner', () => {
  it('is hidden from assistive technology unless labelled', async () => {
    const screen = await render(
      <>
        <Spinner />
        <Spinner label="Loading chart" />
      </>,
    );
    expect(screen.container.querySelector('[data-spinner][aria-hidden="true"]')).not.toBeNull();
    await expect.element(page.getByRole('status')).toHaveTextContent('Loading chart');
  });
});
