import { describe, expect, inject, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { IMAGE_HOSTS_KEY } from '../../../src/platform/image-hosts';
import { CoinIcon } from '../../../src/ui/CoinIcon';
import { HostedImage } from '../../../src/ui/HostedImage';

const [FAST] = inject('imageHosts');
/** Nothing listens on port 1: a load fails at once. */
const DEAD = 'http://127.0.0.1:1';

// One flow in one file: the page's choice is made once per page, as in the app. The session already chose DEAD as the
// fastest (it answered then, it fails now), then FAST; this page gets no list (no gateway here), so it keeps that choice.
sessionStorage.setItem(IMAGE_HOSTS_KEY, JSON.stringify({ list: [DEAD, FAST], ranked: [DEAD, FAST], bad: [] }));

describe('HostedImage and CoinIcon', () => {
  it('reserve their box, move past a failing host to the next by speed, and mark it bad for the session', async () => {
    const screen = await render(
      <div>
        <CoinIcon coin="BTC" size={20} />
        <HostedImage path="/img/announcements/listing.svg" alt="New listing" width={320} height={120} />
      </div>,
    );
    const icon = screen.container.querySelector<HTMLImageElement>('img.coin-icon')!;
    const banner = screen.container.querySelector<HTMLImageElement>('img[alt="New listing"]')!;
    expect(icon.getAttribute('alt')).toBe('');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('loading')).toBe('lazy');
    expect(icon.getAttribute('decoding')).toBe('async');
    const before = icon.getBoundingClientRect();
    expect([before.width, before.height]).toEqual([20, 20]);
    expect(banner.getBoundingClientRect().height).toBe(120);

    await expect.poll(() => icon.complete && icon.naturalWidth > 0, { timeout: 5000 }).toBe(true);
    expect(icon.src).toBe(`${FAST}/img/coins/BTC.svg`);
    await expect.poll(() => banner.naturalWidth, { timeout: 5000 }).toBe(640);
    expect(banner.src).toBe(`${FAST}/img/announcements/listing.svg`);
    const after = icon.getBoundingClientRect();
    expect([after.x, after.y, after.width, after.height]).toEqual([before.x, before.y, 20, 20]);
    expect(JSON.parse(sessionStorage.getItem(IMAGE_HOSTS_KEY)!).bad).toEqual([DEAD]);

    // An image shown later starts on the good host at once.
    const later = await render(<CoinIcon coin="ETH" />);
    const eth = later.container.querySelector<HTMLImageElement>('img')!;
    expect(eth.getAttribute('src')).toBe(`${FAST}/img/coins/ETH.svg`);
    expect(eth.getBoundingClientRect().width).toBe(24);
  });

  it('ends on this origin, and keeps the box when even that fails', async () => {
    const screen = await render(<CoinIcon coin="../../etc/passwd" size={20} />);
    const icon = screen.container.querySelector<HTMLImageElement>('img')!;
    // Not a symbol: the generic icon's path, never the text given.
    await expect.poll(() => icon.getAttribute('src') ?? '').toContain('/img/coins/GENERIC.svg');
    expect(icon.getAttribute('src')).not.toContain('passwd');

    const missing = await render(<HostedImage path="/img/announcements/none.svg" alt="" width={64} height={32} />);
    const image = missing.container.querySelector<HTMLImageElement>('img')!;
    // FAST answers 404, then this origin (the test server has no such image): the image gives up, its box stays.
    await expect.poll(() => image.dataset.state, { timeout: 5000 }).toBe('failed');
    expect(image.getBoundingClientRect().height).toBe(32);
    expect(image.hasAttribute('src')).toBe(false);
  });

  it('refuses a path that is not an image path', async () => {
    const screen = await render(<HostedImage path="//evil.example/x.svg" alt="" width={10} height={10} />);
    const image = screen.container.querySelector<HTMLImageElement>('img')!;
    expect(image.hasAttribute('src')).toBe(false);
    expect(image.dataset.state).toBe('failed');
  });
});
