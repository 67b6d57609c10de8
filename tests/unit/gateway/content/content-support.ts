import { Hono } from 'hono';
import { sessionMiddleware } from '../../../../gateway/auth/sessions/session-middleware';
import { CONTENT_MIGRATIONS } from '../../../../gateway/content/content-migrations';
import { contentRoutes } from '../../../../gateway/content/content-routes';
import type { ContentStoreOptions } from '../../../../gateway/content/content-store';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { makeTradingHarness, type Reply, Trader, type TradingHarness } from '../trading/trading-support';

/** The trading harness with the content routes in front of its app (as gateway/app.ts mounts them), and its migrations. */
export interface ContentHarness {
  h: TradingHarness;
  app: Hono<GatewayEnv>;
  /** A signed-in user whose requests reach the content routes. */
  reader(email: string): Promise<Trader>;
  /** An anonymous GET's JSON reply and HTTP status; the reply's own `status` ("error" on a refusal) is `replyStatus`. */
  get(path: string): Promise<{ status: number; replyStatus?: string } & Omit<Reply, 'status'>>;
  close(): void;
}

/** Builds the content harness; `options` go to the store (e.g. 1,000 announcements). */
export function makeContentHarness(options: ContentStoreOptions = {}): ContentHarness {
  const h = makeTradingHarness();
  runMigrations(h.db, CONTENT_MIGRATIONS);
  const app = new Hono<GatewayEnv>();
  app.use('/v1/*', sessionMiddleware(h.db, { now: () => h.clock.now }));
  app.route('/', contentRoutes(h.trading, options));
  app.all('*', (c) => h.app.fetch(c.req.raw));
  return {
    h,
    app,
    reader: async (email) => {
      const signedIn = await h.trader(email);
      const reader = new Trader(() => app, signedIn.userId);
      for (const [name, value] of signedIn.cookies) reader.cookies.set(name, value);
      return reader;
    },
    get: async (path) => {
      const res = await app.request(`http://localhost${path}`);
      const body = await res.json();
      return { status: res.status, replyStatus: body.status, code: body.code, msg: body.msg, data: body.data };
    },
    close: () => h.close(),
  };
}
