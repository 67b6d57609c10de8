import { formatDecimal } from '../../engine/format/number-format';
import { VIP_LEVELS, VOLUME_WINDOW_DAYS } from '../fees/vip-levels';
import { DEFAULT_INSTRUMENTS } from '../market/default-instruments';
import { FUNDING_INTERVAL_MS } from '../market/funding-model';
import type { AnnouncementSection } from './announcement-text';
import { ANNOUNCEMENT_TEXTS } from './announcement-texts';
import type { SeedBundle } from './seed-texts';

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

/**
 * How each seeded announcement looks beyond its words: its category, its banner, the one page of this site it links
 * to, and the times (UTC, ms) and figures (decimal strings) its texts name as `{name}`, each written here once so the
 * lead, the table and every language agree.
 */
interface SeedShape {
  category: AnnouncementCategory;
  image: 'listing' | 'maintenance' | 'activity' | 'product';
  link: string;
  times?: Readonly<Record<string, number>>;
  figures?: Readonly<Record<string, string>>;
}

const at = (month: number, day: number, hour: number, minute = 0) => Date.UTC(2026, month - 1, day, hour, minute);

/** The highest leverage of a simulated perpetual, so the listing says what the order form allows. */
function maxLeverOf(symbol: string): string {
  const spec = DEFAULT_INSTRUMENTS.find((item) => item.instType === 'USDT-FUTURES' && item.symbol === symbol);
  if (spec?.maxLever === undefined) throw new Error(`no simulated perpetual ${symbol}`);
  return spec.maxLever;
}

// Newest first; seed n is published n days before SEED_NEWEST_AT, and every time it names comes after that.
const SHAPES: readonly SeedShape[] = [
  { category: 'listing', image: 'listing', link: '/spot/SUIUSDT', times: { opens: at(11, 25, 10) } },
  {
    category: 'maintenance',
    image: 'maintenance',
    link: '/asset/deposit',
    times: { start: at(11, 26, 2), end: at(11, 26, 4) },
  },
  {
    category: 'activity',
    image: 'activity',
    link: '/spot/BTCUSDT',
    times: { start: at(11, 24, 0), end: at(12, 7, 23, 59) },
    figures: { pool: '30000', minVolume: '10000', winners: '100' },
  },
  { category: 'product', image: 'product', link: '/proof-of-reserves' },
  {
    category: 'listing',
    image: 'listing',
    link: '/futures/usdt/TONUSDT',
    times: { opens: at(11, 21, 12) },
    figures: { leverage: maxLeverOf('TONUSDT'), funding: String(FUNDING_INTERVAL_MS / 3_600_000) },
  },
  {
    category: 'maintenance',
    image: 'maintenance',
    link: '/asset/futures',
    times: { start: at(11, 22, 1), end: at(11, 22, 1, 30) },
  },
  {
    category: 'activity',
    image: 'activity',
    link: '/futures/usdt/BTCUSDT',
    // STARTING_USDT.demo of gateway/trading/trading-context.ts (a test keeps them equal): this module also runs in the
    // browser tests, and that one needs Node.
    figures: { demo: '50000' },
  },
  {
    category: 'product',
    image: 'product',
    link: '/fee',
    times: { effective: at(11, 19, 0) },
    figures: { days: String(VOLUME_WINDOW_DAYS) },
  },
  { category: 'listing', image: 'listing', link: '/spot/ARBUSDT', times: { opens: at(11, 17, 10) } },
  {
    category: 'maintenance',
    image: 'maintenance',
    link: '/asset/withdraw',
    times: { start: at(11, 18, 6), end: at(11, 18, 8) },
  },
  { category: 'product', image: 'product', link: '/protection-fund' },
  { category: 'product', image: 'product', link: '/account/setting' },
];

/** How many announcements the seeds hold. */
export const SEED_COUNT = SHAPES.length;

/**
 * Seed ids are SEED_ID_BASE + 1 (oldest) … SEED_ID_BASE + SEED_COUNT (newest). A rewritten seed takes new ids, so a
 * read mark never passes to an announcement its reader has not seen: 1001–1012 were the first seeds (their marks go
 * in migration 801); generated copies count from 100,001.
 */
const SEED_ID_BASE = 2000;

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
    id: String(SEED_ID_BASE + SEED_COUNT - seed),
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
  const { title } = ANNOUNCEMENT_TEXTS[bundle][announcement.seed]!;
  return announcement.copy === null ? title : `${title} (${announcement.copy})`;
}

/** The times (UTC, ms) the announcement's body names, earliest first. */
export function scheduleOf(announcement: Announcement): number[] {
  return Object.values(SHAPES[announcement.seed]!.times ?? {}).sort((a, b) => a - b);
}

/** The page of this site the announcement's body links to. */
export function linkOf(announcement: Announcement): string {
  return SHAPES[announcement.seed]!.link;
}

/** Escapes text for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The announcement's body in a language, as an editor would write it: a lead, the banner by path (the page picks the
 * host, §7.8), sections with headings (a table of facts, steps or points), and one link to a page of this site. The
 * title is not repeated (the page shows it above), and there is no inline style, script or handler, so the page's CSP
 * has nothing to block; the page still sanitizes it like any editor's HTML (§5).
 */
export function bodyOf(announcement: Announcement, bundle: SeedBundle, intl: string): string {
  const shape = SHAPES[announcement.seed]!;
  const text = ANNOUNCEMENT_TEXTS[bundle][announcement.seed]!;
  const fill = fillerOf(shape, intl);
  return [
    `<p>${fill(text.lead)}</p>`,
    `<p><img src="/img/announcements/${shape.image}.svg" alt="" width="640" height="240"></p>`,
    ...text.sections.flatMap((section) => [
      `<h2>${escapeHtml(section.heading)}</h2>`,
      sectionHtml(section, fill, intl),
    ]),
    `<p><a href="${shape.link}">${escapeHtml(text.action)}</a></p>`,
  ].join('\n');
}

/** Escapes a text and puts the shape's times and figures, formatted for `intl`, in place of its `{name}`s. */
function fillerOf(shape: SeedShape, intl: string): (text: string) => string {
  const dates = new Intl.DateTimeFormat(intl, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
    hourCycle: 'h23',
  });
  const values = new Map<string, string>();
  for (const [name, time] of Object.entries(shape.times ?? {})) values.set(name, `${dates.format(time)} (UTC)`);
  for (const [name, figure] of Object.entries(shape.figures ?? {})) values.set(name, formatDecimal(figure, { intl }));
  return (text) =>
    escapeHtml(text).replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values.get(name);
      if (value === undefined) throw new Error(`an announcement text names {${name}}, which its seed does not have`);
      return escapeHtml(value);
    });
}

function sectionHtml(section: AnnouncementSection, fill: (text: string) => string, intl: string): string {
  if ('facts' in section) {
    const rows = section.facts.map(([label, value]) => `<tr><th>${fill(label)}</th><td>${fill(value)}</td></tr>`);
    return `<table><tbody>${rows.join('')}</tbody></table>`;
  }
  if ('steps' in section) return `<ol>${section.steps.map((step) => `<li>${fill(step)}</li>`).join('')}</ol>`;
  if ('points' in section) return `<ul>${section.points.map((point) => `<li>${fill(point)}</li>`).join('')}</ul>`;
  // The rates as the fee page shows them (src/fees/fee-format.ts), from the one schedule both read.
  const rate = (value: string) => formatDecimal(value, { intl, percent: true, minFraction: 2, maxFraction: 4 });
  const pair = (rates: { maker: string; taker: string }) => escapeHtml(`${rate(rates.maker)} / ${rate(rates.taker)}`);
  const head = section.feeColumns.map((column) => `<th>${fill(column)}</th>`).join('');
  const rows = VIP_LEVELS.map(
    (row) => `<tr><td>VIP ${row.level}</td><td>${pair(row.spot)}</td><td>${pair(row.futures)}</td></tr>`,
  );
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
