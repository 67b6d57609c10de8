import { api } from '../../security/secured-api';
import type { LoginReply } from '../login-step';

/** The providers of spec §7.4. */
export type ThirdProvider = 'telegram' | 'wallet' | 'apple' | 'google';

/** Each provider's name, as the pages say it. */
export const PROVIDER_TEXT = {
  telegram: 'third.provider.telegram',
  wallet: 'third.provider.wallet',
  apple: 'third.provider.apple',
  google: 'third.provider.google',
} as const satisfies Record<ThirdProvider, string>;

/** A provider's check passed but no account is linked yet: link one or create one with `serialNO` (10 minutes, once). */
export interface UnboundReply {
  bound: false;
  serialNO: string;
  provider: ThirdProvider;
  label: string;
  /** The email the provider vouches for, else null. */
  email: string | null;
  expiresAt: number;
}

/** What a provider's sign call answers: a sign-in (done, or its steps), or an identity to link. */
export type ThirdSignReply = LoginReply | UnboundReply;

/** Each method's public settings; null hides its button. */
export interface ThirdConfig {
  telegram: Record<string, unknown> | null;
  wallet: Record<string, unknown> | null;
  google: Record<string, unknown> | null;
  apple: Record<string, unknown> | null;
  qr: Record<string, unknown> | null;
}

const BASE = '/user/public/third/';

/** A provider's label (an address, a handle) isolated for bidi, so a right-to-left sentence keeps it whole. */
export function isolated(label: string): string {
  return `\u2068${label}\u2069`;
}

/** True for the reply of an identity no account is linked to yet. */
export function isUnbound(reply: ThirdSignReply | null | undefined): reply is UnboundReply {
  return (reply as UnboundReply | null)?.bound === false && typeof (reply as UnboundReply).serialNO === 'string';
}

/**
 * POSTs a §7.4 call (`path` under `/v1/user/public/third/`, e.g. `wallet/sign`) through the app's request layer, which
 * adds the risk token and encrypts a password; a failure has been shown by the layer and is rethrown as RequestError.
 */
export function postThird<T = ThirdSignReply>(path: string, fields: Record<string, string | boolean>): Promise<T> {
  return api.post<T>(BASE + path, { params: fields });
}

/** `postThird` for a caller that shows its own inline error: the request layer shows no toast. */
export function postThirdQuietly<T = ThirdSignReply>(path: string, fields: Record<string, string>): Promise<T> {
  return api.post<T>(BASE + path, { params: fields, silent: true });
}

const NO_METHODS: ThirdConfig = { telegram: null, wallet: null, google: null, apple: null, qr: null };
let configRead: Promise<ThirdConfig> | null = null;

/** Which methods the gateway offers (once per page load; a failure hides them all and is tried again next time). */
export function readThirdConfig(): Promise<ThirdConfig> {
  configRead ??= api.get<ThirdConfig>(`${BASE}config`, { silent: true }).then(
    (config) => ({ ...NO_METHODS, ...config }),
    () => {
      configRead = null;
      return NO_METHODS;
    },
  );
  return configRead;
}

/** A sign reply handed to the sign-in page, with what the page it began on already held. */
export interface HandOff {
  reply: ThirdSignReply;
  /** The registration form's referral code field (empty when cleared); absent when the flow began elsewhere. */
  referralCode?: string;
}

let handedOff: HandOff | null = null;

/**
 * For a flow that left the page (an OpenID redirect) or began on another one (registration): keeps a sign reply for
 * the sign-in page, which continues it when it opens, and the referral code typed on the registration form, so an
 * account made there keeps it. The caller then goes to `/login`.
 */
export function handOffToLogin(reply: ThirdSignReply, referralCode?: string): void {
  handedOff = referralCode === undefined ? { reply } : { reply, referralCode };
}

/** What was handed to the login page, once. */
export function takeHandOff(): HandOff | null {
  const handOff = handedOff;
  handedOff = null;
  return handOff;
}
