import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { type TabItem, Tabs } from '../../../src/ui/Tabs';
import './helpers';

const ITEMS: TabItem[] = [
  { id: 'spot', label: 'Spot', panel: <p>Spot markets</p> },
  { id: 'futures', label: 'Futures', panel: <p>Futures markets</p> },
  { id: 'margin', label: 'Margin', disabled: true },
  { id: 'earn', label: 'Earn', panel: <p>Earn products</p> },
];

/** Tabs whose selection lives in the parent. */
function Controlled() {
  const [value, setValue] = useState('b');
  return (
    <Tabs
      items={[
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ]}
      label="Letters"
      value={value}
      onChange={setValue}
    >
      <p>Shared content for {value}</p>
    </Tabs>
  );
}

const tab = (name: string) => page.getByRole('tab', { name });

describe('Tabs', () => {
  it('uses tablist, tab and tabpanel roles, with one tab stop on the selected tab', async () => {
    await render(<Tabs items={ITEMS} label="Market type" />);
    await expect.element(page.getByRole('tablist', { name: 'Market type' })).toBeVisible();
    await expect.element(tab('Spot')).toHaveAttribute('aria-selected', 'true');
    await expect.element(tab('Spot')).toHaveAttribute('tabindex', '0');
    await expect.element(tab('Futures')).toHaveAttribute('tabindex', '-1');
    const panel = page.getByRole('tabpanel', { name: 'Spot' });
    await expect.element(panel).toHaveTextContent('Spot markets');
    await expect.element(tab('Spot')).toHaveAttribute('aria-controls', panel.element().id);
  });

  it('selects on click and reports the change', async () => {
    const onChange = vi.fn();
    await render(<Tabs items={ITEMS} label="Market type" onChange={onChange} />);
    await userEvent.click(tab('Futures'));
    expect(onChange).toHaveBeenCalledWith('futures');
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Futures markets');
  });

  it('moves and selects with arrow keys, skipping disabled tabs and wrapping, and jumps with Home/End', async () => {
    await render(<Tabs items={ITEMS} label="Market type" />);
    tab('Spot').element().focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Futures')).toHaveFocus();
    await expect.element(tab('Futures')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Earn')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Spot')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(tab('Earn')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(tab('Spot')).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect.element(tab('Earn')).toHaveFocus();
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Earn products');
    await expect.element(tab('Earn')).toHaveAttribute('tabindex', '0');
  });

  it('mirrors the arrow keys in RTL', async () => {
    document.documentElement.dir = 'rtl';
    await render(<Tabs items={ITEMS} label="Market type" />);
    // In RTL the first tab is on the right, so ArrowLeft goes to the next one.
    expect(tab('Spot').element().getBoundingClientRect().left).toBeGreaterThan(
      tab('Futures').element().getBoundingClientRect().left,
    );
    tab('Spot').element().focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(tab('Futures')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Spot')).toHaveFocus();
  });

  it('only moves focus with activation="manual" until Enter or Space', async () => {
    await render(<Tabs items={ITEMS} label="Market type" activation="manual" />);
    tab('Spot').element().focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Futures')).toHaveFocus();
    await expect.element(tab('Spot')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await expect.element(tab('Futures')).toHaveAttribute('aria-selected', 'true');
  });

  it('can be controlled, showing the children for items without their own panel', async () => {
    await render(<Controlled />);
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Shared content for b');
    await userEvent.click(tab('A'));
    await expect.element(page.getByRole('tabpanel')).toHaveTextContent('Shared content for a');
  });
});
