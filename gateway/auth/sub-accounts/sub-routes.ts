import { type Context, Hono } from 'hono';
import { sessionIdOf } from '../sessions/session-middleware';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import { readJsonBody } from '../../http/read-json-body';
import { isObject, type JsonObject } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { rateLimited } from '../auth-errors';
import { AUTH_BODY_LIMIT, answerSignIn, readAuthBody, requestFacts, requireUser } from '../auth-request';
import type { RateLimit } from '../../security/rate-limiter';
import { type FamilyMember, SUB_NAME_PATTERN } from './sub-account-store';
import { mainAccountOnly, subAccountFrozen, subAccountLimit, subNameTaken, switchRefused } from './sub-errors';
import { accountIdOf, authorityOf, isInFamily, type SwitchDeps, switchSession } from './sub-switch';
import { withStepUp } from '../second-factors/step-up';
import type { UserRecord } from '../user-store';
import { loginView } from '../user-views';

/** `POST { name }`: a new sub-account of the signed-in main account (after a step-up for `sub-create`). */
export const SUB_CREATE_PATH = '/v1/user/sub/create';
/** `GET`: the main account, its subs and its demo account. */
export const SUB_LIST_PATH = '/v1/user/sub/list';
/**
 * `POST { userId }`: switch to a family account (spec §7.5). The gateway treats the three alike; the client calls each
 * where it fits (src/auth/sub-accounts.ts): `switLogin` back to the account the user signed in with (the main account,
 * also on leaving simulation), `switchWeb` to a sub-account from the web page, `switchApp` to a sub-account inside the
 * native app's webview. A frozen sub-account answers 40307, a deleted one the refusal of a stranger (40301).
 */
export const SUB_SWITCH_PATHS = ['/v1/user/sub/switLogin', '/v1/user/sub/switchWeb', '/v1/user/sub/switchApp'] as const;
/**
 * `POST {}` or `{ userId }` of the family: switch to the family's demo account, created on first use (spec §7.5);
 * `switchLoginDemo` from the account switcher, `switchTradeDemo` on entering simulation trading from a trading screen.
 */
export const DEMO_SWITCH_PATHS = ['/v1/user/sub/switchLoginDemo', '/v1/user/sub/switchTradeDemo'] as const;
/** Switches per family (main account and everything it switched to): 30 a minute; each switch is a new session, so a per-session count would reset. */
export const SWITCH_LIMIT: RateLimit = { max: 30, windowMs: 60 * 1000 };

/** What the routes need besides the auth context: the family store and the reader of a session's client key. */
export type SubAccountDeps = SwitchDeps;

/** One row of the account list. */
export interface FamilyEntry {
  userId: string;
  name: string;
  isMain: boolean;
  isDemo: boolean;
  isFrozen: boolean;
  isCurrent: boolean;
}

/** The `userId` of a switch body as a string, or null when absent or not an account id. */
function readTargetId(body: JsonObject): string | null {
  return accountIdOf(body.userId);
}

/** A switch body: an object, or nothing at all (the demo switch may be sent empty). */
async function readSwitchBody(c: Context<GatewayEnv>): Promise<JsonObject | null> {
  const body = await readJsonBody(c, AUTH_BODY_LIMIT);
  if (body === null) return {};
  return isObject(body) ? body : null;
}

function memberEntry(member: FamilyMember, currentId: string): FamilyEntry {
  return {
    userId: member.id,
    name: member.name,
    isMain: false,
    isDemo: member.isDemo,
    isFrozen: member.isFrozen,
    isCurrent: member.id === currentId,
  };
}

/** `POST /v1/user/sub/create`, `GET /v1/user/sub/list` and the five switch routes of spec §7.5. */
export function subAccountRoutes(ctx: AuthContext, deps: SubAccountDeps): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { store } = deps;

  /** The signed-in user and the main account the session acts for; throws 00005/20906 without a session, 429 past the limit. */
  const switchingUser = (c: Context<GatewayEnv>): { user: UserRecord; mainId: string | null } => {
    const user = requireUser(ctx, c);
    const sessionId = c.get('session')!.sessionId;
    const mainId = authorityOf(store, sessionId, user);
    const bucket = `sub:switch:${mainId ?? user.id}`;
    if (ctx.limiter.isLimited(bucket, SWITCH_LIMIT)) throw rateLimited();
    // Refused attempts count too, so probing ids costs the prober its own switches.
    ctx.limiter.hit(bucket);
    return { user, mainId };
  };

  routes.post(SUB_CREATE_PATH, async (c) => {
    const user = requireUser(ctx, c);
    if (user.parentId !== null || user.isDemo) throw mainAccountOnly();
    const body = await readAuthBody(c);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!SUB_NAME_PATTERN.test(name)) throw invalidField('name', 'must be 1 to 20 letters, digits, _ or -');
    const created = withStepUp(ctx, sessionIdOf(c), 'sub-create', () => {
      const made = store.createSub(user, name, ctx.now());
      if (made === 'limit') throw subAccountLimit();
      if (made === 'name-taken') throw subNameTaken();
      return made;
    });
    ctx.logger.info('sub-account created', { userId: user.id, subUserId: created.id });
    return replyOk(
      c,
      memberEntry({ id: created.id, name, isDemo: false, isFrozen: false, createdAt: created.createdAt }, user.id),
    );
  });

  routes.get(SUB_LIST_PATH, (c) => {
    const user = requireUser(ctx, c);
    const main = user.parentId === null ? user : ctx.users.findById(user.parentId);
    if (!main) throw switchRefused();
    const entries: FamilyEntry[] = [
      {
        userId: main.id,
        name: loginView(main).nickName,
        isMain: true,
        isDemo: false,
        isFrozen: false,
        isCurrent: main.id === user.id,
      },
      ...store.membersOf(main.id).map((member) => memberEntry(member, user.id)),
    ];
    return replyOk(c, entries);
  });

  /** Moves the request's browser onto `target`'s new session. */
  const switchTo = async (c: Context<GatewayEnv>, target: UserRecord, mainId: string) => {
    const facts = requestFacts(ctx, c);
    return answerSignIn(c, facts, await switchSession(ctx, facts, deps, target, mainId));
  };

  for (const path of SUB_SWITCH_PATHS) {
    routes.post(path, async (c) => {
      const { mainId } = switchingUser(c);
      const body = await readSwitchBody(c);
      const targetId = body ? readTargetId(body) : null;
      const target = targetId === null ? undefined : ctx.users.findById(targetId);
      if (mainId === null || !target || !isInFamily(target, mainId)) throw switchRefused();
      const status = store.statusOf(target.id);
      if (status === 'deleted') throw switchRefused();
      if (status === 'frozen') throw subAccountFrozen();
      return switchTo(c, target, mainId);
    });
  }

  for (const path of DEMO_SWITCH_PATHS) {
    routes.post(path, async (c) => {
      const { mainId } = switchingUser(c);
      const body = await readSwitchBody(c);
      if (mainId === null || body === null) throw switchRefused();
      // A `userId`, when sent, must name an account of this family; the demo account is the family's either way.
      if (body.userId !== undefined) {
        const targetId = readTargetId(body);
        const named = targetId === null ? undefined : ctx.users.findById(targetId);
        if (!named || !isInFamily(named, mainId)) throw switchRefused();
      }
      const main = ctx.users.findById(mainId);
      if (!main) throw switchRefused();
      return switchTo(c, store.ensureDemo(main, ctx.now()), mainId);
    });
  }

  return routes;
}
