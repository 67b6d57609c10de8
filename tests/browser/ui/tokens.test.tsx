import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import './helpers';

/** WCAG relative luminance of a computed `rgb(r, g, b)` colour. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const TEXT_TOKENS = ['--color-text', '--color-text-muted', '--color-up', '--color-down'];
const BACKGROUNDS = ['--color-bg', '--color-surface', '--color-surface-raised'];

describe('design tokens', () => {
  it('starts in the dark theme with a dark page', async () => {
    await render(<p>x</p>);
    expect(luminance(getComputedStyle(document.body).backgroundColor)).toBeLessThan(0.05);
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`keeps text, up and down colours at WCAG AA (4.5:1) on every ${theme} background`, async () => {
      document.documentElement.dataset.theme = theme;
      const screen = await render(
        <div>
          {[...TEXT_TOKENS, ...BACKGROUNDS].map((token) => (
            <span key={token} data-token={token} />
          ))}
        </div>,
      );
      const resolve = (token: string) => {
        const probe = screen.container.querySelector<HTMLElement>(`[data-token="${token}"]`)!;
        probe.style.color = `var(${token})`;
        return getComputedStyle(probe).color;
      };
      for (const background of BACKGROUNDS) {
        for (const text of TEXT_TOKENS) {
          expect(contrast(resolve(text), resolve(background)), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      expect(resolve('--color-up')).not.toBe(resolve('--color-down'));
    });
  }

  it('switches the page background with data-theme', async () => {
    await render(<p>x</p>);
    const dark = getComputedStyle(document.body).backgroundColor;
    document.documentElement.dataset.theme = 'light';
    expect(getComputedStyle(document.body).backgroundColor).not.toBe(dark);
    expect(luminance(getComputedStyle(document.body).backgroundColor)).toBeGreaterThan(0.9);
  });
});
