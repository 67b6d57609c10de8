import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MOBILE_BREAKPOINT, useIsMobile } from '../../../src/ui/use-media';
import './helpers';

function Layout() {
  return <p data-testid="layout">{useIsMobile() ? 'mobile' : 'desktop'}</p>;
}

describe('useIsMobile', () => {
  it('uses the 768 px breakpoint of the spec', () => {
    expect(MOBILE_BREAKPOINT).toBe(768);
  });

  it('is true below 768 px and false from 768 px, following viewport changes', async () => {
    await page.viewport(1024, 800);
    const screen = await render(<Layout />);
    const layout = screen.getByTestId('layout');
    await expect.element(layout).toHaveTextContent('desktop');
    await page.viewport(767, 800);
    await expect.element(layout).toHaveTextContent('mobile');
    await page.viewport(768, 800);
    await expect.element(layout).toHaveTextContent('desktop');
    await page.viewport(375, 700);
    await expect.element(layout).toHaveTextContent('mobile');
  });
});
