import { api, requestSecurity } from '../security/secured-api';
import type { LoginReply } from './login-step';

/** Password login (spec §7.2); `loginName` and `pwd` are encrypted by the signing layer before they leave. */
export function submitPassword(fields: { loginName: string; pwd: string; areaCode?: string }): Promise<LoginReply> {
  return api.post<LoginReply>('/user/login', { params: fields });
}

/** The verify-login step with whichever codes the account needs; failures are not toasted (the step's form says them). */
export function submitCodes(codes: {
  emailCode?: string;
  mobileCode?: string;
  googleCode?: string;
}): Promise<LoginReply> {
  return api.post<LoginReply>('/user/login/verify-login', { params: codes, silent: true });
}

/** The new-device step (verifySystemLogin); failures are not toasted (the step's form says them). */
export function submitSystemCode(verifyCode: string): Promise<LoginReply> {
  return api.post<LoginReply>('/user/login/verifySystemLogin', { params: { verifyCode }, silent: true });
}

/**
 * Asks the gateway to send a code of `scene` (`login`: the pending login's, `security`: a step-up's) to the account's
 * own email or phone; false when it could not be sent (the request layer has shown why).
 */
export async function sendVerifyCode(type: 'email' | 'mobile', scene: 'login' | 'security'): Promise<boolean> {
  try {
    await api.post('/msg/verify-code/send', { params: { type, scene } });
    return true;
  } catch {
    return false;
  }
}

/** Asks the gateway to send a login code to the pending login's own email or phone. */
export const sendLoginCode = (type: 'email' | 'mobile') => sendVerifyCode(type, 'login');

/**
 * The device check of signing contract §5, for a sign-in that asks to confirm a new device: when this browser still
 * holds the key pair of this user's last sign-in here, the gateway passes the step and answers with the sign-in's next
 * reply; null when it cannot (no such pair, signing off, not trusted), and the mailed code is asked for as before.
 */
export async function checkKnownDevice(userIdHash: string): Promise<LoginReply | null> {
  const url = (await requestSecurity.state())?.userCheckDeviceUrl;
  if (!url?.startsWith('/v1/')) return null;
  try {
    // The signing layer adds `lastAlgorithm` and `userCheckDeviceSign` for this url, signed in the worker.
    const reply = await api.post<(LoginReply & { trusted?: boolean }) | null>(url.slice('/v1'.length), {
      params: { userIdHash },
      silent: true,
    });
    return reply && typeof reply.needVerify === 'boolean' ? reply : null;
  } catch {
    return null;
  }
}
