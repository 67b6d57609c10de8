import { RequestError } from '../../api/request';
import { isInputRefused } from '../../api/code-texts';
import type { MessageKey, Translate } from '../../i18n/i18n';
import { api } from '../../security/secured-api';

/** `data` of `GET /v1/user/setting/overview` (gateway profile-routes.ts): masked contacts, no secret. */
export interface SettingsOverview {
  userId: string;
  nickName: string;
  isSub: boolean;
  avatarVersion: number | null;
  email: string | null;
  mobile: string | null;
  areaCode: string | null;
  googleBound: boolean;
  securityKeys: number;
  twoFactor: Record<LoginFactor, boolean>;
  fundPasswordSet: boolean;
  /** Masked: first and last character. */
  antiPhishingCode: string | null;
}

/** The second factors a sign-in may ask for (gateway verification-settings-routes.ts). */
export const LOGIN_FACTORS = ['email', 'mobile', 'google', 'fido'] as const;
export type LoginFactor = (typeof LOGIN_FACTORS)[number];

/** `data` of `GET /v1/user/security/login-verification`. */
export interface LoginVerification {
  bound: Record<LoginFactor, boolean>;
  enabled: Record<LoginFactor, boolean>;
}

/** Largest avatar the gateway stores (its AVATAR_MAX_BYTES) and the side the picture is scaled into. */
export const AVATAR_MAX_BYTES = 40 * 1024;
export const AVATAR_MAX_SIDE = 256;

/** 4–20 letters or digits (the gateway's anti-phishing rule). */
export const ANTI_PHISHING_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** Gateway codes the settings pages tell in words (gateway auth-errors.ts, profile-errors.ts). */
const FAILURE_TEXTS: Readonly<Record<string, MessageKey>> = {
  '40102': 'accountSettings.err.code',
  '40113': 'accountSettings.err.oldPassword',
  '40150': 'accountSettings.err.contactTaken',
  '40151': 'accountSettings.err.fundEqualsLogin',
  '40152': 'accountSettings.err.keepOne',
  '40153': 'accountSettings.err.avatar',
  '40155': 'accountSettings.err.contactUnchanged',
  '40156': 'accountSettings.err.loginEqualsFund',
  '40302': 'accountSettings.err.mainOnly',
};

const silent = { silent: true } as const;

export const readOverview = () => api.get<SettingsOverview>('/user/setting/overview', silent);
export const saveNickname = (nickName: string) =>
  api.post<{ nickName: string }>('/user/profile/nickname', { params: { nickName }, ...silent });
export const uploadAvatar = (image: string) =>
  api.post<{ avatarVersion: number }>('/user/profile/avatar', { params: { image }, ...silent });
export const readAvatar = () => api.get<{ dataUrl: string; avatarVersion: number }>('/user/profile/avatar', silent);
export const saveAntiPhishing = (code: string | null) =>
  api.post<SettingsOverview>('/user/security/anti-phishing', { params: { code }, ...silent });

/** Sends a code to an address about to be bound (scene `bind`); the reply never holds the code. */
export async function sendBindCode(
  target: { type: 'email'; email: string } | { type: 'mobile'; areaCode: string; mobile: string },
): Promise<void> {
  await api.post('/msg/verify-code/send', { params: { ...target, scene: 'bind' }, ...silent });
}

export const bindEmail = (email: string, emailCode: string) =>
  api.post('/user/security/email/bind', { params: { email, emailCode }, ...silent });
export const bindMobile = (areaCode: string, mobile: string, mobileCode: string) =>
  api.post('/user/security/mobile/bind', { params: { areaCode, mobile, mobileCode }, ...silent });

/** The login password change; the request layer encrypts the three fields (signing config `enc:`). */
export const changePassword = (oldPwd: string, pwd: string, rePwd: string) =>
  api.post('/user/security/password/change', { params: { oldPwd, pwd, rePwd }, ...silent });
export const setFundPassword = (pwd: string, rePwd: string) =>
  api.post('/user/safe/setting_bund_pwd', { params: { pwd, rePwd }, ...silent });

export const googleSecret = () =>
  api.post<{ secret: string; otpauthUri: string }>('/user/security/google/secret', silent);
export const googleBind = (googleCode: string) =>
  api.post('/user/security/google/bind', { params: { googleCode }, ...silent });
export const googleUnbind = () => api.post('/user/security/google/unbind', silent);

export const readLoginVerification = () => api.get<LoginVerification>('/user/security/login-verification', silent);
export const saveLoginVerification = (choice: Record<LoginFactor, boolean>) =>
  api.post<LoginVerification>('/user/security/login-verification', { params: choice, ...silent });

/**
 * The localized reason a settings call failed: the gateway's code in the user's language; texts the request layer
 * localized already (network, an ended session) as they are; a refused field (40002 and kin) as "check what you typed".
 */
export function settingsFailureText(t: Translate, error: unknown): string {
  if (!(error instanceof RequestError)) return t('accountSettings.err.failed');
  const key = error.details.code ? FAILURE_TEXTS[error.details.code] : undefined;
  if (key) return t(key);
  if (error.kind !== 'bridge' && isInputRefused(error.details.code)) return t('accountSettings.err.invalid');
  if (error.kind === 'business') return t('accountSettings.err.failed');
  return error.message || t('accountSettings.err.failed');
}
