import type { Context } from 'hono';
import { Hono } from 'hono';
import { bundleOf, isLocale } from '../../engine/rules/locales';
import { sessionOf } from '../auth/sessions/session-middleware';
import { businessErrorHandler, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { readJsonBody } from '../http/read-json-body';
import { isObject } from '../http/validate';
import type { PaperTrading } from '../trading/paper-trading';
import { requireTrader } from '../trading/trade-session';
import { ANNOUNCEMENT_CATEGORIES, type AnnouncementCategory } from './announcement-seeds';
import { coinDescription } from './coin-descriptions';
import { announcementNotFound, coinNotFound, invalidContentQuery, invalidReadBody } from './content-errors';
import { type ContentStore, createContentStore, type ContentStoreOptions } from './content-store';
import type { SeedBundle } from './seed-texts';

/** Paths of announcements and coin information (gateway/content/content-api.md). */
export const CONTENT_PATHS = {
  /** `GET` (public) → a page of announcements, newest first. */
  list: '/v1/public/content/announcements',
  /** `GET` (public) → one announcement with its HTML body. */
  detail: '/v1/public/content/announcements/:id',
  /** `GET` (public) → a coin's description. */
  coin: '/v1/public/content/coins/:coin',
  /** `GET` (signed in) → how many announcements the user has not read. */
  unreadCount: '/v1/content/announcements/unread-count',
  /** `POST` (signed in) `{ids}` or `{all:true}` → marks them read for this user. */
  read: '/v1/content/announcements/read',
} as const;

/** A page holds 20 announcements unless the query asks for another size, at most 100. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const LOCALE_FORM = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
const ID_FORM = /^[0-9]{1,12}$/;
const COIN_FORM = /^[A-Z0-9]{1,12}$/;
/** es-ES and pt-PT carry only what differs from es and pt; the seeds are written once per base language. */
const SEED_PARENT: Readonly<Record<string, SeedBundle>> = { 'es-ES': 'es', 'pt-PT': 'pt' };

/** One query parameter given at most once, or null when absent; a repeated one is refused (which copy would count?). */
function singleQuery(c: Context<GatewayEnv>, name: string): string | null {
  const values = c.req.queries(name);
  if (values === undefined || values.length === 0) return null;
  if (values.length > 1) throw invalidContentQuery(name, 'must be given once');
  return values[0]!;
}

/** The bundle of `?locale=` (default English); a well-formed locale the product does not offer reads English. */
export function seedBundleOf(locale: string | null): SeedBundle {
  if (locale === null) return 'en';
  if (!LOCALE_FORM.test(locale)) throw invalidContentQuery('locale', 'must be a language tag such as en or zh-CN');
  if (!isLocale(locale)) return 'en';
  const bundle = bundleOf(locale);
  return SEED_PARENT[bundle] ?? (bundle as SeedBundle);
}

function categoryOf(value: string | null): AnnouncementCategory | null {
  if (value === null || value === 'all') return null;
  if (!(ANNOUNCEMENT_CATEGORIES as readonly string[]).includes(value)) {
    throw invalidContentQuery('category', `must be all or one of ${ANNOUNCEMENT_CATEGORIES.join(', ')}`);
  }
  return value as AnnouncementCategory;
}

function sizeOf(value: string | null): number {
  if (value === null) return DEFAULT_PAGE_SIZE;
  const size = /^[0-9]{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(size >= 1 && size <= MAX_PAGE_SIZE))
    throw invalidContentQuery('size', `must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  return size;
}

/** Reads `{ids: string[]}` (1–100 announcement ids) or `{all: true}`. */
function readMarksOf(body: unknown): readonly string[] | 'all' {
  if (!isObject(body)) throw invalidReadBody('the body must be an object');
  if (body.all === true && body.ids === undefined) return 'all';
  const ids = body.ids;
  if (body.all !== undefined || !Array.isArray(ids) || ids.length === 0 || ids.length > MAX_PAGE_SIZE) {
    throw invalidReadBody(`give ids (1 to ${MAX_PAGE_SIZE} announcement ids) or all: true`);
  }
  if (!ids.every((id) => typeof id === 'string' && ID_FORM.test(id)))
    throw invalidReadBody('ids must be announcement ids');
  return ids as string[];
}

/** The content routes: public announcements and coin descriptions, and the signed-in user's own read marks. */
export function contentRoutes(trading: PaperTrading, options: ContentStoreOptions = {}): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  const store: ContentStore = createContentStore(trading.ctx.db, options);
  const userOf = (c: Context<GatewayEnv>) => sessionOf(c)?.userId ?? null;

  routes.get(CONTENT_PATHS.list, (c) => {
    const bundle = seedBundleOf(singleQuery(c, 'locale'));
    const category = categoryOf(singleQuery(c, 'category'));
    const size = sizeOf(singleQuery(c, 'size'));
    const cursor = singleQuery(c, 'cursor');
    if (cursor !== null && !ID_FORM.test(cursor)) throw invalidContentQuery('cursor', 'must be a cursor from a reply');
    const page = store.page({ bundle, category, cursor, size, userId: userOf(c) });
    if (page === 'unknown-cursor') throw invalidContentQuery('cursor', 'must be a cursor from a reply');
    return replyOk(c, page);
  });

  routes.get(CONTENT_PATHS.detail, (c) => {
    const bundle = seedBundleOf(singleQuery(c, 'locale'));
    const id = c.req.param('id');
    const detail = ID_FORM.test(id) ? store.detail(id, bundle, userOf(c)) : null;
    if (!detail) throw announcementNotFound();
    return replyOk(c, detail);
  });

  routes.get(CONTENT_PATHS.coin, (c) => {
    const bundle = seedBundleOf(singleQuery(c, 'locale'));
    const coin = c.req.param('coin').toUpperCase();
    const description = COIN_FORM.test(coin) ? coinDescription(coin, bundle) : null;
    if (!description) throw coinNotFound();
    return replyOk(c, description);
  });

  routes.get(CONTENT_PATHS.unreadCount, (c) => {
    const userId = requireTrader(c, trading.ctx);
    return replyOk(c, { unread: store.unreadCount(userId) });
  });

  routes.post(CONTENT_PATHS.read, async (c) => {
    const userId = requireTrader(c, trading.ctx);
    const marks = readMarksOf(await readJsonBody(c));
    const marked = store.markRead(userId, marks, trading.ctx.now());
    return replyOk(c, { marked, unread: store.unreadCount(userId) });
  });

  return routes;
}
