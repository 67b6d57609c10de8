import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { bodyOf, seedAnnouncements, titleOf } from '../../../gateway/content/announcement-seeds';
import { SEED_TEXTS, type SeedBundle } from '../../../gateway/content/seed-texts';
import { isLocale, localeEntryOf } from '../../../engine/rules/locales';
import { sanitizeHtml } from '../../../src/platform/sanitize-html';
import { RichText } from '../../../src/ui/RichText';
import { HOSTILE_ANNOUNCEMENT_HTML, HOSTILE_MARKUP } from '../../fixtures/hostile-announcement';
import '../ui/helpers';
import { sleep } from '../ui/helpers';

type Marked = Window & { __contentXss?: number };

afterEach(() => {
  delete (window as Marked).__contentXss;
  vi.restoreAllMocks();
});

/** The hostile fixture, checked to still carry every piece it is meant to attack with. */
function hostileBody(): string {
  for (const piece of HOSTILE_MARKUP) expect(HOSTILE_ANNOUNCEMENT_HTML).toContain(piece);
  return HOSTILE_ANNOUNCEMENT_HTML;
}

describe('an announcement body through RichText', () => {
  it('runs none of the hostile markup an editor could slip in', async () => {
    const screen = await render(<RichText html={hostileBody()} />);
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
    const screen = await render(<RichText html={hostileBody()} />);
    const root = screen.container;
    expect(root.querySelector('h2')?.textContent).toBe('Listing details');
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

  it('shows a seeded announcement below its title without repeating it, with its banner, table and link', async () => {
    const [first] = seedAnnouncements();
    const screen = await render(<RichText html={bodyOf(first!, 'en', 'en-US')} />);
    const root = screen.container;
    expect(root.textContent).not.toContain(titleOf(first!, 'en'));
    expect(root.querySelectorAll('h2').length).toBeGreaterThan(0);
    expect(root.querySelector('table')).not.toBeNull();
    expect(root.querySelector('img')?.getAttribute('data-hosted-path')).toBe('/img/announcements/listing.svg');
    const links = root.querySelectorAll<HTMLAnchorElement>('a');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual(['/spot/SUIUSDT']);
    expect(links[0]!.rel).toBe('');
  });
});

/** The elements of an HTML fragment as the browser parses it, by tag, with the text they hold. */
function shapeOf(html: string): { tags: string[]; text: string } {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  return { tags: [...body.querySelectorAll('*')].map((element) => element.tagName), text: body.textContent ?? '' };
}

describe('the seeded announcements through the sanitizer', () => {
  it('keeps every element and word of every seed in every language, and warns about nothing', () => {
    const warn = vi.spyOn(console, 'warn');
    for (const bundle of Object.keys(SEED_TEXTS) as SeedBundle[]) {
      const intl = isLocale(bundle) ? localeEntryOf(bundle).intl : 'en-US';
      for (const announcement of seedAnnouncements()) {
        const html = bodyOf(announcement, bundle, intl);
        const clean = String(sanitizeHtml(html));
        const label = `${bundle} ${announcement.id}`;
        expect(shapeOf(clean), label).toEqual(shapeOf(html));
      }
    }
    expect(warn).not.toHaveBeenCalled();
  });
});
