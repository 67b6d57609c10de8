import { api } from '../security/secured-api';
import { referralFieldsForRegistration } from '../security/referral';

export type RegisterKind = 'email' | 'mobile' | 'mobileAndEmail';

/** What the registration form holds (spec §7.3), with the referral code typed or brought by a link, and the consent. */
export interface RegisterFields {
  email: string;
  mobile: string;
  areaCode: string;
  pwd: string;
  rePwd: string;
  emailCode: string;
  mobileCode: string;
  /** The referral code field: sent as `clacCode` (spec §3); empty for none. */
  referralCode: string;
  /** The terms consent box; the gateway refuses a registration without `agreed: true`. */
  agreed: boolean;
}

/**
 * The cached referral codes (spec §3) under the one the person sees: the referral field decides `clacCode`, so a code
 * they cleared is not sent behind their back.
 */
export function withTypedReferral(referral: Record<string, string>, typed: string): Record<string, string> {
  const { clacCode: _cached, ...otherCodes } = referral;
  const code = typed.trim();
  return code ? { ...otherCodes, clacCode: code } : otherCodes;
}

/** The payload of each registration kind (spec §7.3), with the referral codes of `withTypedReferral`. */
export function registrationPayload(
  kind: RegisterKind,
  f: RegisterFields,
  referral: Record<string, string>,
): Record<string, string | boolean> {
  const base = { pwd: f.pwd, rePwd: f.rePwd, ...withTypedReferral(referral, f.referralCode), agreed: f.agreed };
  const areaCode = f.areaCode.trim().replace(/^\+/, '');
  if (kind === 'email') return { ...base, email: f.email.trim(), verifyCode: f.emailCode };
  if (kind === 'mobile') return { ...base, mobile: f.mobile.trim(), areaCode, verifyCode: f.mobileCode };
  return {
    ...base,
    mobile: f.mobile.trim(),
    areaCode,
    email: f.email.trim(),
    emailVerifyCode: f.emailCode,
    verifyCode: f.mobileCode,
  };
}

/** The referral code a link left in the cache (spec §3 `clacCode`), to prefill the referral field; '' for none. */
export function cachedReferralCode(): string {
  return referralFieldsForRegistration().clacCode ?? '';
}

/**
 * Registers (the passwords are encrypted by the signing layer) and returns the new user's id. Failures are not
 * toasted here: the form puts a refused referral code or consent under its field and shows the rest itself.
 */
export async function register(kind: RegisterKind, fields: RegisterFields): Promise<string> {
  const reply = await api.post<{ userId?: string }>(`/user/register/${kind}`, {
    params: registrationPayload(kind, fields, referralFieldsForRegistration()),
    silent: true,
  });
  return String(reply?.userId ?? '');
}

/** Sends a registration code to the email or phone typed so far. */
export async function sendRegisterCode(type: 'email' | 'mobile', f: RegisterFields): Promise<boolean> {
  const target =
    type === 'email'
      ? { email: f.email.trim() }
      : { mobile: f.mobile.trim(), areaCode: f.areaCode.trim().replace(/^\+/, '') };
  try {
    await api.post('/msg/verify-code/send', { params: { type, scene: 'register', ...target } });
    return true;
  } catch {
    return false;
  }
}
