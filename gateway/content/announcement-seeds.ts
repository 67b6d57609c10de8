import { SEED_TEXTS, type SeedBundle } from './seed-texts';

/** What an announcement is about; the page filters by it. */
export type AnnouncementCategory = 'listing' | 'maintenance' | 'activity' | 'product';

/** The categories, in the order the page shows its tabs. */
export const ANNOUNCEMENT_CATEGORIES: readonly AnnouncementCategory[] = [
  'listing',
  'maintenance',
  'activity',
  'product',
];

/** One announcement: its texts are built per language on demand (1,000 in a bench would otherwise hold 22,000 bodies). */
export interface Announcement {
  id: string;
  category: AnnouncementCategory;
  publishedAt: number;
  /** Which seed's texts it carries. */
  seed: number;
  /** Set for the bench's generated copies: told apart from the seed by a number after the title. */
  copy: number | null;
}

/** How each seeded announcement looks beyond its words: its category, its image, the page it links to, hostile markup. */
interface SeedShape {
  category: AnnouncementCategory;
  image: 'listing' | 'maintenance' | 'activity' | 'product';
  link: string;
  /** Markup an attacker might slip into an editor's HTML: the sanitizer must drop or defuse every piece of it. */
  hostile: readonly string[];
}

/** Marks the page sets when hostile markup runs; tests read `window.__contentXss` to prove that none did. */
const MARK = 'window.__contentXss=(window.__contentXss||0)+1';

/**
 * Every hostile piece the seeds carry, so one detail page exercises them all. What survives of them is shown in
 * every language, so their visible text is a pair's name and a mark, never words.
 */
export const HOSTILE_MARKUP: readonly string[] = [
  `<script>${MARK}</script>`,
  `<img src="x" onerror="${MARK}" alt="">`,
  `<a href="javascript:${MARK}">SUI/USDT ↗</a>`,
  `<a href="JaVaScRiPt&colon;${MARK}">SUI/USDT ↗</a>`,
  `<a href=" java\tscript:${MARK}">SUI/USDT ↗</a>`,
  `<svg onload="${MARK}"><circle r="1"></circle></svg>`,
  '<!-- editor note: remove before publishing -->',
  '<noscript><p>noscript body must not show</p></noscript>',
  `<iframe src="javascript:${MARK}"></iframe>`,
  `<p style="background:url(javascript:${MARK})" onclick="${MARK}">SUI/USDT</p>`,
];

const SHAPES: readonly SeedShape[] = [
  { category: 'listing', image: 'listing', link: '/spot/SUIUSDT', hostile: HOSTILE_MARKUP },
  { category: 'maintenance', image: 'maintenance', link: '/asset/deposit', hostile: [] },
  { category: 'activity', image: 'activity', link: '/spot/BTCUSDT', hostile: HOSTILE_MARKUP.slice(0, 3) },
  { category: 'product', image: 'product', link: '/proof-of-reserves', hostile: [] },
  { category: 'listing', image: 'listing', link: '/futures/usdt/TONUSDT', hostile: [] },
  { category: 'maintenance', image: 'maintenance', link: '/', hostile: [] },
  { category: 'activity', image: 'activity', link: '/asset/deposit', hostile: HOSTILE_MARKUP.slice(3, 7) },
  { category: 'product', image: 'product', link: '/protection-fund', hostile: [] },
  { category: 'listing', image: 'listing', link: '/spot/ARBUSDT', hostile: [] },
  { category: 'maintenance', image: 'maintenance', link: '/asset/withdraw', hostile: [] },
  { category: 'activity', image: 'activity', link: '/account/setting', hostile: HOSTILE_MARKUP.slice(7) },
  { category: 'product', image: 'product', link: '/fee', hostile: [] },
];

/** How many announcements the seeds hold. */
export const SEED_COUNT = SHAPES.length;

/** When the newest seed was published; each older one a day before the next (fixed, so replies are repeatable). */
export const SEED_NEWEST_AT = Date.UTC(2026, 10, 25, 8, 0, 0);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The announcements, newest first: the 12 seeds, then (dev and bench only) generated copies up to `count`, each an
 * hour older than the last, so a list of 1,000 can be paged and rendered.
 */
export function seedAnnouncements(count = SEED_COUNT): Announcement[] {
  const list: Announcement[] = SHAPES.map((shape, seed) => ({
    id: String(1000 + SEED_COUNT - seed),
    category: shape.category,
    publishedAt: SEED_NEWEST_AT - seed * DAY_MS,
    seed,
    copy: null,
  }));
  const oldest = SEED_NEWEST_AT - (SEED_COUNT - 1) * DAY_MS;
  for (let n = 1; list.length < count; n += 1) {
    const seed = (n - 1) % SEED_COUNT;
    list.push({
      id: String(100_000 + n),
      category: SHAPES[seed]!.category,
      publishedAt: oldest - n * HOUR_MS,
      seed,
      copy: n,
    });
  }
  // Generated ids grow with age, seeds' shrink: sort once by time so both orders agree.
  return list.sort((a, b) => b.publishedAt - a.publishedAt);
}

/** The announcement's title in a language. */
export function titleOf(announcement: Announcement, bundle: SeedBundle): string {
  const [title] = SEED_TEXTS[bundle].items[announcement.seed]!;
  return announcement.copy === null ? title : `${title} (${announcement.copy})`;
}

/** Escapes text for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The announcement's body in a language, as an editor would write it: headings, paragraphs, a list, a table, an
 * image by path (the page picks the host, §7.8), a link on this site and one to an outside site; some seeds also carry
 * hostile markup, which reaches the page as it is, for the page's sanitizer to defuse (§5).
 */
export function bodyOf(announcement: Announcement, bundle: SeedBundle, intl: string): string {
  const texts = SEED_TEXTS[bundle];
  const shape = SHAPES[announcement.seed]!;
  const title = escapeHtml(titleOf(announcement, bundle));
  const [, lead] = texts.items[announcement.seed]!;
  const date = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    announcement.publishedAt,
  );
  return [
    `<h2>${title}</h2>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><img src="/img/announcements/${shape.image}.svg" alt="${title}" width="640" height="240"></p>`,
    `<h3>${escapeHtml(texts.details)}</h3>`,
    `<table><thead><tr><th>${escapeHtml(texts.item)}</th><th>${escapeHtml(texts.value)}</th></tr></thead>`,
    `<tbody><tr><td>${escapeHtml(texts.start)}</td><td>${escapeHtml(date)} UTC</td></tr></tbody></table>`,
    `<ol>${texts.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`,
    ...shape.hostile,
    `<p><a href="${shape.link}">${escapeHtml(texts.tradeNow)}</a></p>`,
    `<p><a href="https://example.org/help/announcements" target="_blank">${escapeHtml(texts.readMore)}</a></p>`,
  ].join('\n');
}
