import { api } from '../security/secured-api';
import { referralFieldsForRegistration } from '../security/referral';

export type RegisterKind = 'email' | 'mobile' | 'mobileAndEmail';

/** What the registration form holds (spec §7.3). */
export interface RegisterFields {
  email: string;
  mobile: string;
  areaCode: string;
  pwd: string;
  rePwd: string;
  emailCode: string;
  mobileCode: string;
}

/** The payload of each registration kind (spec §7.3), with the cached referral codes (spec §3). */
export function registrationPayload(
  kind: RegisterKind,
  f: RegisterFields,
  referral: Record<string, string>,
): Record<string, string> {
  const base = { pwd: f.pwd, rePwd: f.rePwd, ...referral };
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

/** Registers (the passwords are encrypted by the signing layer) and returns the new user's id. */
export async function register(kind: RegisterKind, fields: RegisterFields): Promise<string> {
  const reply = await api.post<{ userId?: string }>(`/user/register/${kind}`, {
    params: registrationPayload(kind, fields, referralFieldsForRegistration()),
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
