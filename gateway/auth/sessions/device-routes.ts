import { type Context, Hono } from 'hono';
import { sessionIdOf } from './session-middleware';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import type { AuthContext } from '../auth-context';
import { AuthError } from '../auth-errors';
import { readAuthBody, requireUser } from '../auth-request';
import { type Place, placeOf } from './ip-place';
import { loginHistoryOf } from './login-history';
import type { LoginResult } from './login-history-store';
import type { DeviceSession } from './session-store';
import { withStepUp } from '../second-factors/step-up';
import { parseUserAgent, type UserAgentInfo } from './user-agent';

/** Paths of the signed-in devices and the sign-in history (issue 21 §2; the `/devices` page calls them). */
export const DEVICE_PATHS = {
  /** `GET` → the account's live sessions: the caller's own first (`isCurrent`), then the others, last active first. */
  list: '/v1/user/devices',
  /** `POST {id}` after a step-up for `device-revoke`: that session ends at once. */
  revoke: '/v1/user/devices/revoke',
  /** `POST` after a step-up for `device-revoke`: every session but the caller's ends, and unfinished sign-ins too. */
  revokeOthers: '/v1/user/devices/revoke-others',
  /** `GET ?cursor&limit` → a page of the sign-in history, newest first, and the next page's cursor. */
  history: '/v1/user/login-history',
} as const;

/** A session id that is not one of the account's live sessions: unknown, ended, malformed or another account's. */
export const deviceNotFound = () => new AuthError('40330', 'This device is not signed in');
/** The id names the caller's own session: that one ends by signing out, not from the devices list. */
export const deviceIsCurrent = () => new AuthError('40331', 'This is the device you are using: sign out instead');

/** How many history entries a page holds unless the caller asks for fewer or more (1 … 50). */
export const HISTORY_PAGE = { default: 20, max: 50 } as const;

const PUBLIC_ID = /^[0-9a-f]{32}$/;

/** A device as the page shows it: what the browser and address say, never the session's id or secrets. */
export interface DeviceView extends UserAgentInfo {
  id: string;
  ip: string;
  place: Place;
  createdAt: number;
  lastSeenAt: number;
  isCurrent: boolean;
}

/** One sign-in attempt as the page shows it. */
export interface LoginHistoryView extends UserAgentInfo {
  id: string;
  at: number;
  result: LoginResult;
  ip: string;
  place: Place;
}

function deviceView(device: DeviceSession, currentId: string): DeviceView {
  return {
    id: device.publicId,
    ...parseUserAgent(device.userAgent),
    ip: device.ip,
    place: placeOf(device.ip),
    createdAt: device.createdAt,
    lastSeenAt: device.lastSeenAt,
    isCurrent: device.sessionId === currentId,
  };
}

function readWhole(c: Context<GatewayEnv>, field: string, max: number): number | undefined {
  const value = c.req.query(field);
  if (value === undefined || value === '') return undefined;
  const number = /^[0-9]{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= 1 && number <= max)) throw invalidField(field, `must be a whole number from 1 to ${max}`);
  return number;
}

/**
 * The devices page's routes: the account's signed-in devices (its own sessions and those switched from it into its
 * sub accounts), ending one or all others after a fresh second factor, and the sign-in history. A session is named by
 * its public id only; another account's id answers as an unknown one.
 */
export function deviceRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  /** The caller's session and the account it acts for (00005 / 20906 without one). */
  const callerOf = (c: Context<GatewayEnv>) => {
    requireUser(ctx, c);
    const session = c.get('session')!;
    return { sessionId: session.sessionId, ownerId: ctx.sessions.ownerOf(session) };
  };

  routes.get(DEVICE_PATHS.list, (c) => {
    const { sessionId, ownerId } = callerOf(c);
    const devices = ctx.sessions.devicesOf(ownerId).map((device) => deviceView(device, sessionId));
    // The caller's own device first, then the others, last active first.
    return replyOk(c, [...devices.filter((d) => d.isCurrent), ...devices.filter((d) => !d.isCurrent)]);
  });

  routes.post(DEVICE_PATHS.revoke, async (c) => {
    const { sessionId, ownerId } = callerOf(c);
    const body = await readAuthBody(c);
    const id = typeof body.id === 'string' && PUBLIC_ID.test(body.id) ? body.id : null;
    // Refused before the step-up is asked for: the page never offers it, and no grant should be spent on it.
    if (id !== null && ctx.sessions.findOwned(ownerId, id)?.sessionId === sessionId) throw deviceIsCurrent();
    const ended = withStepUp(ctx, sessionIdOf(c), 'device-revoke', () => {
      const device = id === null ? undefined : ctx.sessions.findOwned(ownerId, id);
      if (!device) throw deviceNotFound();
      ctx.sessions.remove(device.sessionId);
      return device.sessionId;
    });
    await ctx.onSessionEnded(ended);
    ctx.logger.info('device signed out', { userId: ownerId, sessionId: ended });
    return replyOk(c, { id });
  });

  routes.post(DEVICE_PATHS.revokeOthers, async (c) => {
    const { sessionId, ownerId } = callerOf(c);
    const ended = withStepUp(ctx, sessionIdOf(c), 'device-revoke', () => {
      const removed = ctx.sessions.removeOthersOf(ownerId, sessionId);
      ctx.pending.removeAllOf(ownerId);
      return removed;
    });
    for (const id of ended) await ctx.onSessionEnded(id);
    ctx.logger.info('other devices signed out', { userId: ownerId, count: ended.length });
    return replyOk(c, { revoked: ended.length });
  });

  routes.get(DEVICE_PATHS.history, (c) => {
    const { ownerId } = callerOf(c);
    const before = readWhole(c, 'cursor', Number.MAX_SAFE_INTEGER);
    const limit = readWhole(c, 'limit', HISTORY_PAGE.max) ?? HISTORY_PAGE.default;
    const page = loginHistoryOf(ctx).page(ownerId, { before, limit });
    const rows: LoginHistoryView[] = page.entries.map((entry) => ({
      id: String(entry.id),
      at: entry.at,
      result: entry.result,
      ...parseUserAgent(entry.userAgent),
      ip: entry.ip,
      place: placeOf(entry.ip),
    }));
    return replyOk(c, { rows, next: page.next === null ? null : String(page.next) });
  });

  return routes;
}
