import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Button } from '../../../src/ui/Button';
import { rect } from './helpers';

const spinnerIn = (button: Element) => button.querySelector('[data-spinner]');

describe('Button', () => {
  it('calls onClick when enabled', async () => {
    const onClick = vi.fn();
    const screen = await render(<Button onClick={onClick}>Buy</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while disabled, using the native attribute', async () => {
    const onClick = vi.fn();
    const screen = await render(
      <Button disabled onClick={onClick}>
        Buy
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Buy' });
    await expect.element(button).toBeDisabled();
    await userEvent.click(button, { force: true });
    expect(onClick).not.toHaveBeenCalled();
  });

  it('ignores clicks and Enter while loading, stays focusable and sets aria-busy', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const screen = await render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" loading onClick={onClick}>
          Buy
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Buy' });
    await expect.element(button).toHaveAttribute('aria-busy', 'true');
    // Not natively disabled (keeps focus); aria-disabled tells assistive technology, and Playwright, it is unavailable.
    expect(button.element().hasAttribute('disabled')).toBe(false);
    await expect.element(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button, { force: true });
    button.element().focus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button.element());
  });

  it('has no aria-busy and no spinner when not loading', async () => {
    const screen = await render(<Button>Sell</Button>);
    const button = screen.getByRole('button', { name: 'Sell' }).element();
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(spinnerIn(button)).toBeNull();
  });

  it('puts the loading spinner before the label by default and after it with iconPosition="end"', async () => {
    const screen = await render(
      <>
        <Button loading>Start</Button>
        <Button loading iconPosition="end">
          End
        </Button>
      </>,
    );
    const start = screen.getByRole('button', { name: 'Start' }).element();
    const end = screen.getByRole('button', { name: 'End' }).element();
    const label = (button: Element) => button.querySelector('.button__label')!;
    expect(rect(spinnerIn(start)!).right).toBeLessThanOrEqual(rect(label(start)).left);
    expect(rect(spinnerIn(end)!).left).toBeGreaterThanOrEqual(rect(label(end)).right);
  });

  it('mirrors the spinner position in RTL', async () => {
    document.documentElement.dir = 'rtl';
    const screen = await render(<Button loading>Start</Button>);
    const button = screen.getByRole('button', { name: 'Start' }).element();
    expect(rect(spinnerIn(button)!).left).toBeGreaterThanOrEqual(rect(button.querySelector('.button__label')!).right);
  });

  it('replaces the icon with the spinner while loading', async () => {
    const icon = <svg data-testid="icon" aria-hidden="true" />;
    const screen = await render(<Button icon={icon}>Go</Button>);
    await expect.element(screen.getByTestId('icon')).toBeInTheDocument();
    await screen.rerender(
      <Button icon={icon} loading>
        Go
      </Button>,
    );
    await expect.element(screen.getByTestId('icon')).not.toBeInTheDocument();
    expect(spinnerIn(screen.getByRole('button').element())).not.toBeNull();
  });

  it('renders a circle button as a square named by aria-label, and forwards its ref', async () => {
    // Type-level: a circle button has no visible text, so without aria-label it does not compile.
    // @ts-expect-error 'aria-label' is required when shape is 'circle'
    void (<Button shape="circle" icon={<span>×</span>} />);
    const ref = createRef<HTMLButtonElement>();
    const screen = await render(<Button ref={ref} shape="circle" aria-label="Close" icon={<span>×</span>} />);
    const button = screen.getByRole('button', { name: 'Close' }).element();
    expect(ref.current).toBe(button);
    expect(rect(button).width).toBe(rect(button).height);
    expect(getComputedStyle(button).borderRadius).toBe('50%');
  });

  it('defaults to type="button" so it never submits a form by accident', async () => {
    const screen = await render(<Button>Plain</Button>);
    await expect.element(screen.getByRole('button')).toHaveAttribute('type', 'button');
  });
});
