import { type Context, Hono } from 'hono';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { routeNotFound } from '../../http/gateway-error';
import type { AuthContext } from '../auth-context';
import type { DevMailbox } from './dev-mailbox';
import { MAILBOX_CSS, renderMailboxPage } from './dev-mailbox-page';

/** Paths of the dev mailbox: the page, its stylesheet and the JSON list tests read. */
export const MAILBOX_PATHS = { page: '/dev/mailbox', css: '/dev/mailbox.css', json: '/dev/mailbox.json' } as const;
const PAGE_SIZE = 50;

/** The mailbox in local mode; otherwise a 404, so the SPA fallback never answers these paths. */
function mailboxOf(ctx: AuthContext): DevMailbox {
  if (!ctx.mailbox) throw routeNotFound();
  return ctx.mailbox;
}

function limitOf(c: Context<GatewayEnv>): number {
  const limit = Math.trunc(Number(c.req.query('limit') ?? PAGE_SIZE));
  return limit >= 1 && limit <= 500 ? limit : PAGE_SIZE;
}

/** `GET /dev/mailbox` (HTML), `/dev/mailbox.css` and `/dev/mailbox.json?target=&limit=`: local mode only, 404 otherwise. */
export function devMailboxRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.get(MAILBOX_PATHS.page, (c) => {
    const html = renderMailboxPage(mailboxOf(ctx).list(limitOf(c)), MAILBOX_PATHS.css);
    c.header('cache-control', 'no-store');
    return c.html(html);
  });
  routes.get(MAILBOX_PATHS.css, (c) => {
    mailboxOf(ctx);
    c.header('content-type', 'text/css; charset=utf-8');
    return c.body(MAILBOX_CSS);
  });
  routes.get(MAILBOX_PATHS.json, (c) => {
    const raw = c.req.query('target')?.trim();
    const target = raw ? (raw.includes('@') ? raw.toLowerCase() : raw) : undefined;
    c.header('cache-control', 'no-store');
    return replyOk(c, mailboxOf(ctx).list(limitOf(c), target));
  });
  return routes;
}
