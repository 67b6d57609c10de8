import { COIN_NETWORKS } from '../market/coin-networks';
import { DEFAULT_INSTRUMENTS } from '../market/default-instruments';

/** What a coin symbol may look like in an icon's address: capital letters and digits, as the exchange lists them. */
export const COIN_SYMBOL = /^[A-Z0-9]{1,12}$/;

/** Every coin the exchange lists: spot bases and quotes, futures bases and margin coins, and the coins with networks. */
export const LISTED_COINS: ReadonlySet<string> = new Set([
  ...DEFAULT_INSTRUMENTS.flatMap((spec) => [spec.baseCoin, spec.quoteCoin]),
  ...COIN_NETWORKS.map((entry) => entry.coin),
]);

/** The white of the letters; every coin colour is dark enough for them (WCAG AA, 4.5:1). */
const LETTER_COLOUR = '#ffffff';
const MIN_CONTRAST = 4.5;
const GENERIC_COLOUR = '#5b6472';

/** A hue from 0 to 359 that a symbol always gets (FNV-1a over its letters), so each coin keeps its colour. */
export function coinHue(coin: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < coin.length; i++) {
    hash ^= coin.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

/** sRGB channels 0–255 of an HSL colour (saturation and lightness 0–1). */
function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: readonly number[]): number {
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

/** The WCAG contrast ratio of white on a colour given as `#rrggbb`. */
export function contrastWithWhite(hex: string): number {
  const rgb = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return 1.05 / (luminance(rgb) + 0.05);
}

/** A coin's circle colour as `#rrggbb`: its own hue, darkened until white letters on it reach 4.5:1. */
export function coinColour(coin: string): string {
  const hue = coinHue(coin);
  for (let lightness = 0.42; ; lightness -= 0.02) {
    const rgb = hslToRgb(hue, 0.62, lightness);
    if (1.05 / (luminance(rgb) + 0.05) >= MIN_CONTRAST || lightness <= 0.1)
      return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }
}

/** A round badge: a circle of `colour` with `letters` centred in white; no script, no outside reference. */
function badgeSvg(colour: string, letters: string): string {
  const size = letters.length >= 3 ? 19 : letters.length === 2 ? 24 : 30;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<circle cx="32" cy="32" r="32" fill="${colour}"/>`,
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="${LETTER_COLOUR}" font-size="${size}" `,
    `font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-weight="700">${letters}</text>`,
    '</svg>',
  ].join('');
}

/** The icon of a listed coin (spec §7.8's coin icons), or null for a symbol the exchange does not list. */
export function coinIconSvg(coin: string): string | null {
  if (!COIN_SYMBOL.test(coin) || !LISTED_COINS.has(coin)) return null;
  return badgeSvg(coinColour(coin), coin.slice(0, 3));
}

/** The icon every coin without one of its own gets: a grey circle with a question mark. */
export const GENERIC_COIN_SVG = badgeSvg(GENERIC_COLOUR, '?');
