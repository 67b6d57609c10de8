import type { Context } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField, loginExpired } from '../http/gateway-error';
import { readJsonBody } from '../http/read-json-body';
import { expectObject, type JsonObject, readString } from '../http/validate';
import type { AuthContext } from './auth-context';
import { notLoggedIn, submitFailed } from './auth-errors';
import type { ClientKey } from './sign-in/pending-login-store';
import type { RequestFacts, SignInAnswer } from './sessions/request-facts';
import { applyCookies, isSecureRequest, readSecretCookie } from './sessions/session-cookies';
import { deviceOf, hadSessionCookie } from './sessions/session-middleware';
import type { UserRecord } from './user-store';

/** Largest body an auth route reads (16 KiB): an RSA-2048 login envelope is about 1 KiB. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/** The body field that carries the login-field envelope (signing contract §3). */
export const CIPHERTEXT_FIELD = 'bodyCiphertext';

/** The fields of a request, with the client key when they came in an envelope. */
export interface SubmittedFields {
  fields: JsonObject;
  clientKey: ClientKey | null;
}

/** Reads an auth route's JSON body as an object, or throws 400 (malformed, not an object) or 413 (too large). */
export async function readAuthBody(c: Context<GatewayEnv>): Promise<JsonObject> {
  return expectObject(await readJsonBody(c, AUTH_BODY_LIMIT), 'body');
}

async function open(ctx: AuthContext, c: Context<GatewayEnv>, body: JsonObject): Promise<SubmittedFields | null> {
  let opened: Awaited<ReturnType<AuthContext['openEnvelope']>>;
  try {
    opened = await ctx.openEnvelope(c, body, c.req.path);
  } catch (error) {
    // Same reply as a bad envelope; the reason goes to the log only (never the body).
    ctx.logger.warn('login envelope opener failed', {
      path: c.req.path,
      error: error instanceof Error ? error.message : 'unknown',
    });
    return null;
  }
  if (!opened.ok) return null;
  const fields: JsonObject = { ...opened.rest, ...opened.fields };
  delete fields[CIPHERTEXT_FIELD];
  return { fields, clientKey: { publicKey: opened.publicKey, algorithm: opened.algorithm, keyId: opened.keyId } };
}

/**
 * The sensitive fields of a login or registration: opened from `bodyCiphertext`, or read in clear only when
 * plain login is allowed (signing config `clientOpen: false`); null means "missing or bad envelope".
 */
export async function readSensitiveFields(
  ctx: AuthContext,
  c: Context<GatewayEnv>,
  body: JsonObject,
): Promise<SubmittedFields | null> {
  if (body[CIPHERTEXT_FIELD] !== undefined) return open(ctx, c, body);
  return ctx.allowPlainLogin() ? { fields: body, clientKey: null } : null;
}

/** The fields of a verification step: in clear, or from an envelope when the client sent one (a bad one is a 40106). */
export async function readStepFields(ctx: AuthContext, c: Context<GatewayEnv>, body: JsonObject): Promise<JsonObject> {
  if (body[CIPHERTEXT_FIELD] === undefined) return body;
  const opened = await open(ctx, c, body);
  if (!opened) throw submitFailed();
  return opened.fields;
}

/** Reads a string field that must be one of `allowed`, or throws a 400 naming it. */
export function readChoice<T extends string>(object: JsonObject, field: string, allowed: readonly T[]): T {
  const value = readString(object, field, { maxLength: 32 }).trim();
  if (!(allowed as readonly string[]).includes(value))
    throw invalidField(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** The signed-in user, or throws `00005` (no session) or `20906` (a session cookie that has ended). */
export function requireUser(ctx: AuthContext, c: Context<GatewayEnv>): UserRecord {
  const session = c.get('session') ?? null;
  const user = session ? ctx.users.findById(session.userId) : undefined;
  if (user) return user;
  throw hadSessionCookie(c) ? loginExpired() : notLoggedIn();
}

/** What the sign-in rooms need of this request, read once here so they never take the request itself. */
export function requestFacts(ctx: AuthContext, c: Context<GatewayEnv>): RequestFacts {
  return {
    session: c.get('session') ?? null,
    device: deviceOf(c, ctx.clientIp),
    secure: isSecureRequest(c, ctx.secureCookies),
    url: c.req.url,
    secretCookie: (name) => readSecretCookie(c, name),
  };
}

/** The reply of a sign-in step: its cookies set, the request's new session noted (for the request log), its data. */
export function answerSignIn(c: Context<GatewayEnv>, facts: RequestFacts, answer: SignInAnswer): Response {
  applyCookies(c, answer.cookies, facts.secure);
  if (answer.session) c.set('session', answer.session);
  return replyOk(c, answer.data);
}
