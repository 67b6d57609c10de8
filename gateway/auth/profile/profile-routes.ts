import { Hono } from 'hono';
import { sessionIdOf } from '../sessions/session-middleware';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import { readJsonBody } from '../../http/read-json-body';
import { expectObject, readString } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { isAntiPhishingCode, readAntiPhishingCode, writeAntiPhishingCode } from './anti-phishing-store';
import { readAuthBody, requireUser } from '../auth-request';
import { maskEmail, maskMobile } from '../mask';
import { avatarMissing, avatarRefused } from './profile-errors';
import { type AvatarType, createProfileStore, type ProfileStore } from './profile-store';
import { withStepUp } from '../second-factors/step-up';
import { mainAccountOnly } from '../sub-accounts/sub-errors';
import type { UserRecord } from '../user-store';
import { createWebAuthnStore } from '../security-keys/webauthn-store';

/** Paths of the profile part of `/account/setting` (issue 21 §1). */
export const PROFILE_PATHS = {
  /** `GET` → what the settings page shows: identity (masked), picture version, bound factors, fund password, code. */
  overview: '/v1/user/setting/overview',
  /** `POST {nickName}`. */
  nickname: '/v1/user/profile/nickname',
  /** `POST {image}` (base64 of a JPEG or WebP, at most AVATAR_MAX_BYTES); `GET` → the signed-in account's picture. */
  avatar: '/v1/user/profile/avatar',
  /** `POST {code}` (4–20 letters or digits, or null to remove), after a step-up for `anti-phishing`. */
  antiPhishing: '/v1/user/security/anti-phishing',
} as const;

/** Largest avatar stored: 40 KiB, what the client's canvas compression aims under and the app is told (bridge). */
export const AVATAR_MAX_BYTES = 40 * 1024;
/** Largest picture side the client sends; the gateway checks the type and size, the client the pixels. */
export const AVATAR_MAX_SIDE = 256;
/** A nickname: 2–20 characters, no control characters, no angle brackets. */
const NICKNAME = /^[^\p{Cc}\p{Cf}<>]{2,20}$/u;

/** The picture type of `bytes` by their magic numbers, or null: a JPEG (FF D8 FF) or a WebP (RIFF….WEBP). */
export function sniffAvatarType(bytes: Uint8Array): AvatarType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Decodes strict base64 (a `data:` prefix allowed) or returns null. */
function decodeBase64(text: string): Buffer | null {
  const payload = text.replace(/^data:image\/[a-z]+;base64,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 !== 0) return null;
  return Buffer.from(payload, 'base64');
}

/** `data` of the overview: never a secret, a hash or a full contact. */
export function settingsView(ctx: AuthContext, profiles: ProfileStore, user: UserRecord) {
  const extras = profiles.extrasOf(user.id);
  const code = readAntiPhishingCode(ctx.db, user.id);
  return {
    userId: user.id,
    nickName: user.nickName ?? '',
    isSub: user.parentId !== null,
    avatarVersion: extras.avatarUpdatedAt,
    email: user.email === null ? null : maskEmail(user.email),
    mobile: user.mobile === null ? null : maskMobile(user.mobile),
    areaCode: user.areaCode,
    googleBound: user.totpSecret !== null,
    securityKeys: createWebAuthnStore(ctx.db, ctx.now).credentialsOf(user.id).length,
    twoFactor: {
      email: user.twoFactor.email,
      mobile: user.twoFactor.mobile,
      google: user.twoFactor.google,
      fido: user.twoFactor.fido,
    },
    fundPasswordSet: extras.fundPasswordSet,
    // Masked, so a glance over the shoulder does not give it away: the first and last character only.
    antiPhishingCode: code === null ? null : `${code[0]}${'*'.repeat(code.length - 2)}${code[code.length - 1]}`,
  };
}

/**
 * The profile of the signed-in account: the overview, its nickname and picture (its own only; no id is taken from the
 * request), and its anti-phishing code behind a step-up. Sub-accounts keep the name their main account gave them.
 */
export function profileRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const profiles = createProfileStore(ctx.db);

  routes.get(PROFILE_PATHS.overview, (c) => replyOk(c, settingsView(ctx, profiles, requireUser(ctx, c))));

  routes.post(PROFILE_PATHS.nickname, async (c) => {
    const body = await readAuthBody(c);
    const user = requireUser(ctx, c);
    if (user.parentId !== null || user.isDemo) throw mainAccountOnly();
    const nickName = readString(body, 'nickName', { maxLength: 64 }).trim();
    if (!NICKNAME.test(nickName)) throw invalidField('nickName', 'must be 2 to 20 characters without < or >');
    profiles.setNickName(user.id, nickName);
    return replyOk(c, { nickName });
  });

  routes.post(PROFILE_PATHS.avatar, async (c) => {
    // Base64 of AVATAR_MAX_BYTES is 4/3 of it; the app's body guard (64 KiB) stops anything far larger first.
    const body = expectObject(await readJsonBody(c, Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 1024), 'body');
    const user = requireUser(ctx, c);
    const bytes = decodeBase64(readString(body, 'image', { maxLength: Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64 }));
    const type = bytes === null ? null : sniffAvatarType(bytes);
    if (bytes === null || type === null || bytes.length > AVATAR_MAX_BYTES) throw avatarRefused();
    const updatedAt = ctx.now();
    profiles.setAvatar(user.id, { type, bytes, updatedAt });
    ctx.logger.info('avatar changed', { userId: user.id, bytes: bytes.length });
    return replyOk(c, { avatarVersion: updatedAt });
  });

  // An envelope with a data URL, like every /v1 reply: the request layer, its signing and the offline cache all apply.
  routes.get(PROFILE_PATHS.avatar, (c) => {
    const avatar = profiles.avatarOf(requireUser(ctx, c).id);
    if (!avatar) throw avatarMissing();
    return replyOk(c, {
      type: avatar.type,
      dataUrl: `data:${avatar.type};base64,${avatar.bytes.toString('base64')}`,
      avatarVersion: avatar.updatedAt,
    });
  });

  routes.post(PROFILE_PATHS.antiPhishing, async (c) => {
    const body = await readAuthBody(c);
    const user = requireUser(ctx, c);
    const code = body.code === null ? null : readString(body, 'code', { maxLength: 32 }).trim();
    if (code !== null && !isAntiPhishingCode(code)) throw invalidField('code', 'must be 4 to 20 letters or digits');
    withStepUp(ctx, sessionIdOf(c), 'anti-phishing', () => writeAntiPhishingCode(ctx.db, user.id, code));
    ctx.logger.info('anti-phishing code changed', { userId: user.id, removed: code === null });
    return replyOk(c, settingsView(ctx, profiles, user));
  });

  return routes;
}
