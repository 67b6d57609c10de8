import { isPhoneLoginName } from '../../engine/rules/auth-fields';
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

/** Sends a reset code to the email or phone typed (the reply is the same whether or not an account has it). */
export async function sendResetCode(f: ResetFields): Promise<boolean> {
  try {
    await api.post('/msg/verify-code/send', { params: { scene: 'reset', ...targetOf(f) } });
    return true;
  } catch {
    return false;
  }
}

/** Sets the new password (encrypted by the signing layer); every session of the account is signed out. */
export async function resetPassword(f: ResetFields): Promise<void> {
  await api.post('/user/password/reset', {
    params: { ...targetOf(f), verifyCode: f.verifyCode, pwd: f.pwd, rePwd: f.rePwd },
  });
}
