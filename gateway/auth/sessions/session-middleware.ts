import type { Database } from 'better-sqlite3';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AuthSession, GatewayEnv } from '../../http/gateway-env';
import { loginExpired, notSignedIn } from '../../http/gateway-error';
import { SID_COOKIE } from './request-facts';
import { clearSessionCookies, isSecureRequest, readSecretCookie } from './session-cookies';
import { clientAddressOf } from '../../http/request-origin';
import { createSessionStore, type SessionDevice, type SessionStore } from './session-store';

/** Options of the session middleware. */
export interface SessionMiddlewareOptions {
  /** Clock (ms); default Date.now. */
  now?: () => number;
  /** Called with the id of a session found expired, so bound client keys can be dropped. */
  onSessionEnded?: (sessionId: string) => void | Promise<void>;
  /** Forces `Secure` on cleared cookies; default: only for https requests. */
  secureCookies?: boolean;
  /** A store to share with the auth routes; built from `db` when absent. */
  store?: SessionStore;
  /** The caller's address, kept as the session's last address; default: the request-origin middleware's. */
  clientIp?: (c: Context<GatewayEnv>) => string;
}

/** The browser behind a request as the devices page lists it: its user agent and address. */
export function deviceOf(c: Context<GatewayEnv>, clientIp: (c: Context<GatewayEnv>) => string): SessionDevice {
  return { userAgent: c.req.header('user-agent') ?? '', ip: clientIp(c) };
}

/**
 * Resolves the `sid` cookie to a session and sets `c.var.session` (or null); only `sid` authenticates,
 * a `login_token` cookie alone leaves the request anonymous. A stale `sid` gets both cookies cleared by a `/v1` reply.
 */
export function sessionMiddleware(db: Database, options: SessionMiddlewareOptions = {}): MiddlewareHandler<GatewayEnv> {
  const store = options.store ?? createSessionStore(db, options.now ?? Date.now);
  const clientIp = options.clientIp ?? clientAddressOf;
  return async (c, next) => {
    const sid = readSecretCookie(c, SID_COOKIE);
    const found = sid === undefined ? ({ state: 'none' } as const) : store.lookup(sid, deviceOf(c, clientIp));
    c.set('session', found.state === 'active' ? found.session : null);
    if (found.state === 'ended') await options.onSessionEnded?.(found.sessionId);
    // A cookie that names no live session is cleared so the page stops presenting a dead login_token, by a `/v1` reply
    // alone: that one also tells the page (20906, "login expired"), where a market poll or an image would clear it
    // silently and leave the page's next call answered as never signed in. A session just replaced by a sign-in or a
    // switch is not: the reply to a request its browser sent just before would clear the new cookie that browser holds.
    const isDead = found.state === 'ended' || found.state === 'none';
    if (isDead && getCookie(c, SID_COOKIE) !== undefined && c.req.path.startsWith('/v1/')) {
      clearSessionCookies(c, isSecureRequest(c, options.secureCookies));
    }
    await next();
  };
}

/** The session of this request (`{ sessionId, userId }`), or null when anonymous or when the middleware did not run. */
export function sessionOf(c: Context<GatewayEnv>): Pick<AuthSession, 'sessionId' | 'userId'> | null {
  const session = c.get('session') ?? null;
  return session ? { sessionId: session.sessionId, userId: session.userId } : null;
}

/**
 * The request's signed-in session: `00005` (HTTP 401) when it has none, `20906` (login expired) when its session cookie
 * no longer names one, so that every area answers a dead cookie as the account routes do.
 */
export function requireSession(c: Context<GatewayEnv>): Pick<AuthSession, 'sessionId' | 'userId'> {
  const session = sessionOf(c);
  if (!session) throw hadSessionCookie(c) ? loginExpired() : notSignedIn();
  return session;
}

/** The request's session id, or null without a session: what the account's rules need to know of the request. */
export function sessionIdOf(c: Context<GatewayEnv>): string | null {
  return c.get('session')?.sessionId ?? null;
}

/** Whether the request carried a `sid` cookie at all (a present but dead one means "login expired", not "never logged in"). */
export function hadSessionCookie(c: Context<GatewayEnv>): boolean {
  return readSecretCookie(c, SID_COOKIE) !== undefined;
}
