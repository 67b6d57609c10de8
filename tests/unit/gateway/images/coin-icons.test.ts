import { describe, expect, it } from 'vitest';
import { announcementBannerSvg, ANNOUNCEMENT_BANNERS } from '../../../../gateway/images/announcement-banners';
import {
  coinColour,
  coinIconSvg,
  contrastWithWhite,
  GENERIC_COIN_SVG,
  LISTED_COINS,
} from '../../../../gateway/images/coin-icons';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { COIN_NETWORKS } from '../../../../gateway/market/coin-networks';

describe('coinIconSvg', () => {
  it('draws an icon for every coin the exchange lists, spot and futures, bases and quotes', () => {
    const coins = new Set([
      ...DEFAULT_INSTRUMENTS.flatMap((spec) => [spec.baseCoin, spec.quoteCoin]),
      ...COIN_NETWORKS.map((entry) => entry.coin),
    ]);
    expect(coins.size).toBeGreaterThanOrEqual(20);
    for (const coin of coins) {
      expect(LISTED_COINS.has(coin), coin).toBe(true);
      const svg = coinIconSvg(coin);
      expect(svg, coin).toContain(`>${coin.slice(0, 3)}</text>`);
      expect(svg).toContain(`fill="${coinColour(coin)}"`);
    }
  });

  it('gives each coin a colour of its own that white letters read on (4.5:1)', () => {
    const colours = new Set<string>();
    for (const coin of LISTED_COINS) {
      const colour = coinColour(coin);
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastWithWhite(colour), coin).toBeGreaterThanOrEqual(4.5);
      colours.add(colour);
    }
    expect(colours.size).toBeGreaterThan(LISTED_COINS.size * 0.8);
    expect(coinColour('BTC')).toBe(coinColour('BTC'));
  });

  it('has no icon for a symbol the exchange does not list, or for one that is not a symbol', () => {
    expect(coinIconSvg('NOPE')).toBeNull();
    expect(coinIconSvg('btc')).toBeNull();
    expect(coinIconSvg('<script>')).toBeNull();
    expect(GENERIC_COIN_SVG).toContain('>?</text>');
  });

  it('contains nothing that runs or loads: no script, no handler, no outside reference', () => {
    for (const svg of [...[...LISTED_COINS].map((coin) => coinIconSvg(coin)!), GENERIC_COIN_SVG]) {
      expect(svg).not.toMatch(/<script|\son\w+=|href|url\(|<foreignObject|<image/i);
    }
  });
});

describe('announcementBannerSvg', () => {
  it('draws every banner the announcements name, 640 × 240, without words', () => {
    for (const name of ANNOUNCEMENT_BANNERS) {
      const svg = announcementBannerSvg(name)!;
      expect(svg).toContain('width="640" height="240"');
      expect(svg).not.toMatch(/<text|<script|\son\w+=|xlink:href/i);
    }
    expect(announcementBannerSvg('../../etc/passwd')).toBeNull();
    expect(announcementBannerSvg('constructor')).toBeNull();
  });
});
