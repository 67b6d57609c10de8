import { coinColour } from './coin-icons';

/** The banners announcements show by path (`/img/announcements/<name>.svg`), one per kind of announcement. */
export const ANNOUNCEMENT_BANNERS = ['listing', 'maintenance', 'activity', 'product'] as const;
export type AnnouncementBanner = (typeof ANNOUNCEMENT_BANNERS)[number];

/** Shapes only, no words: a banner says nothing a reader of another language would miss (the text is beside it). */
const MOTIFS: Record<AnnouncementBanner, string> = {
  listing:
    '<circle cx="470" cy="120" r="70" fill="#fff" fill-opacity=".9"/><circle cx="560" cy="70" r="34" fill="#fff" fill-opacity=".5"/>',
  maintenance:
    '<rect x="420" y="60" width="150" height="120" rx="14" fill="#fff" fill-opacity=".85"/><rect x="445" y="90" width="100" height="12" rx="6" fill-opacity=".3"/><rect x="445" y="120" width="70" height="12" rx="6" fill-opacity=".3"/>',
  activity:
    '<path d="M400 180 L460 110 L510 150 L590 60" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  product:
    '<polygon points="500,40 580,120 500,200 420,120" fill="#fff" fill-opacity=".85"/><circle cx="500" cy="120" r="28" fill-opacity=".25"/>',
};

/** A 640 × 240 banner in two colours of the kind, with its motif; null for a name that is not a banner. */
export function announcementBannerSvg(name: string): string | null {
  if (!(ANNOUNCEMENT_BANNERS as readonly string[]).includes(name)) return null;
  const banner = name as AnnouncementBanner;
  const from = coinColour(banner.toUpperCase());
  const to = coinColour(`${banner.toUpperCase()}2`);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="240" viewBox="0 0 640 240">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>`,
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="640" height="240" fill="url(#g)"/>',
    MOTIFS[banner],
    '</svg>',
  ].join('');
}
