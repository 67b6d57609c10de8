import { api } from '../api/client';
import type { LoginReply } from './login-step';

/** Password login (spec §7.2); `loginName` and `pwd` are encrypted by the signing layer before they leave. */
export function submitPassword(fields: { loginName: string; pwd: string; areaCode?: string }): Promise<LoginReply> {
  return api.post<LoginReply>('/user/login', { params: fields });
}

/** The verify-login step with whichever codes the account needs. */
export function submitCodes(codes: { emailCode?: string; mobileCode?: string; googleCode?: string }): Promise<LoginReply> {
  return api.post<LoginReply>('/user/login/verify-login', { params: codes });
}

/** The new-device step (verifySystemLogin). */
export function submitSystemCode(verifyCode: string): Promise<LoginReply> {
  return api.post<LoginReply>('/user/login/verifySystemLogin', { params: { verifyCode } });
}

/** Asks the gateway to send a login code to the pending login's own email or phone. */
export async function sendLoginCode(type: 'email' | 'mobile'): Promise<boolean> {
  try {
    await api.post('/msg/verify-code/send', { params: { type, scene: 'login' } });
    return true;
  } catch {
    return false;
  }
}
