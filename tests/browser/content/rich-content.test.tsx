import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { bodyOf, HOSTILE_MARKUP, seedAnnouncements } from '../../../gateway/content/announcement-seeds';
import { RichText } from '../../../src/ui/RichText';
import '../ui/helpers';
import { sleep } from '../ui/helpers';

type Marked = Window & { __contentXss?: number };

afterEach(() => {
  delete (window as Marked).__contentXss;
});

/** The seeded announcement that carries every hostile piece, as the gateway sends it. */
function hostileSeed(): string {
  const [first] = seedAnnouncements();
  const html = bodyOf(first!, 'en', 'en-US');
  for (const piece of HOSTILE_MARKUP) expect(html).toContain(piece);
  return html;
}

describe('an announcement body through RichText', () => {
  it('runs none of the hostile markup a seed carries', async () => {
    const screen = await render(<RichText html={hostileSeed()} />);
    const root = screen.container;
    // Clicks on what is left must not run anything either (links are checked by their targets: following one would
    // leave the test page).
    for (const element of root.querySelectorAll<HTMLElement>('p, img, td, li')) element.click();
    await sleep(300);
    expect((window as Marked).__contentXss).toBeUndefined();
    expect(root.querySelector('script, iframe, noscript, svg, [onerror], [onload], [onclick], [style]')).toBeNull();
    expect(root.textContent).not.toContain('noscript body must not show');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
    expect(walker.nextNode()).toBeNull();
    for (const link of root.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/script/i);
    }
  });

  it('keeps the markup an editor may use: headings, table, list, image by path and both kinds of link', async () => {
    const screen = await render(<RichText html={hostileSeed()} />);
    const root = screen.container;
    expect(root.querySelector('h2')?.textContent).toBe('New listing: SUI/USDT spot trading');
    expect(root.querySelectorAll('table th')).toHaveLength(2);
    expect(root.querySelectorAll('ol li')).toHaveLength(3);
    // The banner waits for the session's image host (none listed here: this origin) instead of loading from here first.
    const banner = root.querySelector('img');
    expect(banner?.getAttribute('data-hosted-path')).toBe('/img/announcements/listing.svg');
    await expect.poll(() => banner?.getAttribute('src')).toBe(`${location.origin}/img/announcements/listing.svg`);
    const own = root.querySelector<HTMLAnchorElement>('a[href="/spot/SUIUSDT"]');
    expect(own).not.toBeNull();
    expect(own!.rel).not.toContain('nofollow');
    const external = root.querySelector<HTMLAnchorElement>('a[href^="https://example.org/"]');
    expect(external).not.toBeNull();
    expect(external!.rel.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'noopener', 'noreferrer']));
  });
});
