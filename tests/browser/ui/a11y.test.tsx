import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Button } from '../../../src/ui/Button';
import { Dialog } from '../../../src/ui/Dialog';
import { Icon } from '../../../src/ui/Icon';
import { Skeleton } from '../../../src/ui/Skeleton';
import { StateView } from '../../../src/ui/StateView';
import { Tabs } from '../../../src/ui/Tabs';
import { showToast, TOAST_TYPES } from '../../../src/ui/toast/toast-state';
import { Toaster } from '../../../src/ui/toast/Toaster';
import { useDesktop } from './helpers';

/** Violations an automated check can prove, keeping the serious and critical ones. */
async function seriousViolations(context: Element) {
  // Let entrance animations finish so colours are measured at full opacity (looping spinners aside).
  await expect
    .poll(() => document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity))
    .toHaveLength(0);
  const result = await axe.run(context, { resultTypes: ['violations'] });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

beforeEach(async () => {
  await useDesktop();
});

for (const theme of ['dark', 'light'] as const) {
  describe(`axe-core, ${theme} theme`, () => {
    beforeEach(() => {
      document.documentElement.dataset.theme = theme;
    });

    it('finds no serious violation in the buttons', async () => {
      const screen = await render(
        <main>
          <Button variant="primary">Buy</Button>
          <Button variant="secondary">Cancel</Button>
          <Button variant="plain">Details</Button>
          <Button variant="danger">Delete</Button>
          <Button shape="round">Round</Button>
          <Button shape="circle" aria-label="Close" icon={<Icon name="close" />} />
          <Button loading>Saving</Button>
          <Button disabled>Disabled</Button>
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
        </main>,
      );
      expect(await seriousViolations(screen.container)).toEqual([]);
    });

    it('finds no serious violation in the toaster with every type', async () => {
      const screen = await render(<Toaster />);
      // Five at once (the cap), then the sixth.
      for (const type of TOAST_TYPES.slice(0, 5)) showToast({ type, message: `A ${type} message`, duration: 0 });
      await expect.element(page.getByText('A question message')).toBeVisible();
      expect(await seriousViolations(screen.container)).toEqual([]);
      showToast({ type: 'loading', message: 'A loading message', duration: 0 });
      await expect.element(page.getByText('A loading message')).toBeVisible();
      expect(await seriousViolations(screen.container)).toEqual([]);
    });

    it('finds no serious violation in an open dialog', async () => {
      await render(
        <Dialog
          open
          onClose={() => {}}
          title="Transfer"
          footer={
            <>
              <Button>Cancel</Button>
              <Button variant="primary">Confirm</Button>
            </>
          }
        >
          <label>
            Amount <input />
          </label>
        </Dialog>,
      );
      const dialog = page.getByRole('dialog');
      await expect.element(dialog).toBeVisible();
      expect(await seriousViolations(document.body)).toEqual([]);
    });

    it('finds no serious violation in tabs, a skeleton and state views', async () => {
      const screen = await render(
        <main>
          <Tabs
            label="Market type"
            items={[
              { id: 'spot', label: 'Spot', panel: <p>Spot markets</p> },
              { id: 'futures', label: 'Futures', panel: <p>Futures markets</p> },
              { id: 'margin', label: 'Margin', disabled: true },
            ]}
          />
          <Skeleton />
          <StateView state="empty" />
          <StateView state="error" onRetry={() => {}} />
          <StateView state="offline" onRetry={() => {}} />
        </main>,
      );
      expect(await seriousViolations(screen.container)).toEqual([]);
    });
  });
}
