import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
describe('browser', () => {
  it('renders', async () => {
    const screen = await render(<p>hello</p>);
    await expect.element(screen.getByText('hello')).toBeVisible();
    expect(typeof crypto.subtle.generateKey).toBe('function');
  });
});
