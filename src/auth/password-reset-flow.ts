import { isPhoneLoginName } from '../../engine/rules/auth-fields';
import { maskEmail, maskPhone } from '../../engine/rules/contact-mask';
import { api } from '../security/secured-api';

/** What the forgotten-password form holds: the sign-in name as typed, its country code, the code and the new password. */
export interface ResetFields {
  loginName: string;
  areaCode: string;
  verifyCode: string;
  pwd: string;
  rePwd: string;
}

/** The account a reset names: an email address, or a phone number with its country code. */
function targetOf(f: ResetFields): Record<string, string> {
  const name = f.loginName.trim();
  if (!isPhoneLoginName(name)) return { type: 'email', email: name };
  return { type: 'mobile', mobile: name.replace(/^\+/, ''), areaCode: f.areaCode.trim().replace(/^\+/, '') };
}

/** Where a reset code went, as the page may say it: the address masked, and how long the code lives if the reply says. */
export interface SentCode {
  /** The email or phone typed, masked as the exchange masks it (`j***@example.com`, `+81 901****5678`). */
  target: string;
  /** Whole minutes the code is valid for, or null when the reply does not tell. */
  minutes: number | null;
}

/** The address typed, masked by the exchange's rule: the page never repeats it in full. */
function maskedTargetOf(f: ResetFields): string {
  const target = targetOf(f);
  return target.type === 'email'
    ? maskEmail(target.email ?? '')
    : maskPhone(target.areaCode ?? '', target.mobile ?? '');
}

/**
 * Sends a reset code to the email or phone typed; null when it could not (the request layer has shown why). The reply
 * is the same whether or not an account has the address, and so is what this returns.
 */
export async function sendResetCode(f: ResetFields): Promise<SentCode | null> {
  try {
    const reply = await api.post<{ expiresInSeconds?: unknown } | null>('/msg/verify-code/send', {
      params: { scene: 'reset', ...targetOf(f) },
    });
    const seconds = reply?.expiresInSeconds;
    const minutes = typeof seconds === 'number' && seconds >= 60 ? Math.floor(seconds / 60) : null;
    return { target: maskedTargetOf(f), minutes };
  } catch {
    return null;
  }
}

/** Sets the new password (encrypted by the signing layer); every session of the account is signed out. */
export async function resetPassword(f: ResetFields): Promise<void> {
  await api.post('/user/password/reset', {
    params: { ...targetOf(f), verifyCode: f.verifyCode, pwd: f.pwd, rePwd: f.rePwd },
  });
}
