import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../../../engine/format/number-format';
import { isLocale, localeEntryOf } from '../../../../engine/rules/locales';
import { matchesRoutePath } from '../../../../engine/rules/route-paths';
import {
  type Announcement,
  bodyOf,
  linkOf,
  SEED_COUNT,
  scheduleOf,
  seedAnnouncements,
  titleOf,
} from '../../../../gateway/content/announcement-seeds';
import type { AnnouncementSection } from '../../../../gateway/content/announcement-text';
import { ANNOUNCEMENT_TEXTS } from '../../../../gateway/content/announcement-texts';
import type { SeedBundle } from '../../../../gateway/content/seed-texts';
import { VIP_LEVELS } from '../../../../gateway/fees/vip-levels';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { STARTING_USDT } from '../../../../gateway/trading/trading-context';

const BUNDLES = Object.keys(ANNOUNCEMENT_TEXTS) as SeedBundle[];
const SEEDS = seedAnnouncements();

function intlOf(bundle: SeedBundle): string {
  return isLocale(bundle) ? localeEntryOf(bundle).intl : 'en-US';
}

/** Every body of every seed in every language, labelled for failure messages. */
function everyBody(): { label: string; bundle: SeedBundle; announcement: Announcement; html: string }[] {
  return BUNDLES.flatMap((bundle) =>
    SEEDS.map((announcement) => ({
      label: `${bundle} ${announcement.id}`,
      bundle,
      announcement,
      html: bodyOf(announcement, bundle, intlOf(bundle)),
    })),
  );
}

/** The full path of every client route, read from the generated route tree as the build does (vite.config.ts). */
function clientRoutes(): string[] {
  const tree = readFileSync(new URL('../../../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const block = /interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  return [...block.matchAll(/'([^']+)':/g)].map((match) => match[1]!);
}

describe('seedAnnouncements', () => {
  it('gives the seeds new ids, so a mark on a retired first seed (1001–1012) reads none of them', () => {
    const ids = SEEDS.map((announcement) => Number(announcement.id));
    expect(ids).toHaveLength(SEED_COUNT);
    for (const id of ids) expect(id < 1001 || id > 1012, String(id)).toBe(true);
    expect(new Set(ids).size).toBe(SEED_COUNT);
  });
});

describe('bodyOf', () => {
  it('never repeats the title inside the body, in any language', () => {
    for (const { label, bundle, announcement, html } of everyBody()) {
      expect(html, label).not.toContain(titleOf(announcement, bundle));
    }
  });

  it('carries no script, inline style, event handler, comment or placeholder left unfilled', () => {
    for (const { label, html } of everyBody()) {
      expect(html, label).not.toMatch(/<(script|style|iframe|svg|noscript|object|embed|form|base)\b/i);
      expect(html, label).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, label).not.toMatch(/\sstyle\s*=/i);
      expect(html, label).not.toContain('<!--');
      expect(html, label).not.toMatch(/javascript:/i);
      expect(html, label).not.toMatch(/\{\w+\}/);
    }
  });

  it('links once, to a page of this site, and a market link names a simulated market', () => {
    const routes = clientRoutes();
    const spot = new Set(DEFAULT_INSTRUMENTS.filter((i) => i.instType === 'SPOT').map((i) => i.symbol));
    const futures = new Set(DEFAULT_INSTRUMENTS.filter((i) => i.instType === 'USDT-FUTURES').map((i) => i.symbol));
    for (const { label, announcement, html } of everyBody()) {
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
      expect(hrefs, label).toEqual([linkOf(announcement)]);
    }
    for (const announcement of SEEDS) {
      const link = linkOf(announcement);
      expect(link.startsWith('/') && !link.startsWith('//'), link).toBe(true);
      expect(matchesRoutePath(link, routes), link).toBe(true);
      const market = /^\/spot\/([A-Z0-9]+)$/.exec(link)?.[1];
      if (market) expect(spot.has(market), link).toBe(true);
      const perpetual = /^\/futures\/usdt\/([A-Z0-9]+)$/.exec(link)?.[1];
      if (perpetual) expect(futures.has(perpetual), link).toBe(true);
    }
  });

  it('names only the times of its own schedule, each after it was published, in every language', () => {
    const minutesOfDay = (time: number) => Math.floor((time % 86_400_000) / 60_000);
    for (const { label, announcement, html } of everyBody()) {
      const schedule = scheduleOf(announcement);
      for (const time of schedule) expect(time, label).toBeGreaterThan(announcement.publishedAt);
      const allowed = new Set(schedule.map(minutesOfDay));
      // A time of day is h:mm anywhere, never part of a date (26.11.2026) or a rate (0.10%); Indonesian writes h.mm,
      // found where a formatted time is (before "(UTC)").
      const times = /(?<![\d.])(\d{1,2})(?::(\d{2})(?![\d%.])|\.(\d{2})(?= \(UTC\)))/g;
      const named = [...html.matchAll(times)].map(([, h, m1, m2]) => Number(h) * 60 + Number(m1 ?? m2));
      expect(new Set(named), label).toEqual(allowed);
    }
  });

  it('states each maintenance window the same way in its lead and its table', () => {
    for (const announcement of SEEDS.filter((item) => item.category === 'maintenance')) {
      const [start, end] = scheduleOf(announcement);
      const html = bodyOf(announcement, 'en', 'en-US');
      const format = new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
        hourCycle: 'h23',
      });
      const lead = /^<p>(.*)<\/p>/.exec(html)?.[1] ?? '';
      expect(lead).toContain(`from ${format.format(start!)} (UTC) to ${format.format(end!)} (UTC)`);
      expect(html).toContain(`<th>Starts</th><td>${format.format(start!)} (UTC)</td>`);
      expect(html).toContain(`<th>Ends</th><td>${format.format(end!)} (UTC)</td>`);
      expect(end!).toBeGreaterThan(start!);
    }
  });

  it('shows the fee schedule of the fee page, level by level', () => {
    const fees = SEEDS.find((announcement) => linkOf(announcement) === '/fee')!;
    const html = bodyOf(fees, 'en', 'en-US');
    const rate = (value: string) =>
      formatDecimal(value, { intl: 'en-US', percent: true, minFraction: 2, maxFraction: 4 });
    for (const { level, spot, futures } of VIP_LEVELS) {
      expect(html).toContain(
        `<td>VIP ${level}</td><td>${rate(spot.maker)} / ${rate(spot.taker)}</td><td>${rate(futures.maker)} / ${rate(futures.taker)}</td>`,
      );
    }
  });

  it('offers as much demo money as a demo account starts with', () => {
    const demo = SEEDS.find((announcement) => linkOf(announcement) === '/futures/usdt/BTCUSDT')!;
    expect(bodyOf(demo, 'en', 'en-US')).toContain(`${formatDecimal(STARTING_USDT.demo, { intl: 'en-US' })} USDT`);
  });
});

/** The `{name}`s a text puts a time or figure in, each once, sorted (a language may name one twice, or once). */
function names(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort();
}

/** A section's kind and size, and the `{name}`s of every text in it, in order. */
function structureOf(section: AnnouncementSection): unknown {
  if ('facts' in section) return { facts: section.facts.map(([label, value]) => [names(label), names(value)]) };
  if ('steps' in section) return { steps: section.steps.map(names) };
  if ('points' in section) return { points: section.points.map(names) };
  return { feeColumns: section.feeColumns.length };
}

describe('ANNOUNCEMENT_TEXTS', () => {
  it('has every seed written in every language, built as the English one and naming the same times and figures', () => {
    for (const bundle of BUNDLES) {
      const texts = ANNOUNCEMENT_TEXTS[bundle];
      expect(texts, bundle).toHaveLength(SEED_COUNT);
      texts.forEach((text, seed) => {
        const source = ANNOUNCEMENT_TEXTS.en[seed]!;
        const label = `${bundle} seed ${seed}`;
        for (const words of [text.title, text.lead, text.action]) expect(words.trim().length, label).toBeGreaterThan(0);
        expect(names(text.title), label).toEqual([]);
        expect(names(text.lead), label).toEqual(names(source.lead));
        expect(text.sections.map(structureOf), label).toEqual(source.sections.map(structureOf));
        if (bundle !== 'en') expect(text.title, label).not.toBe(source.title);
      });
    }
  });
});
