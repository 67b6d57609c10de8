import { api } from '../api/client';

/** A reply of the login steps: either signed in, or the next step's needs (gateway `/v1/user/login*`). */
export interface LoginReply {
  needVerify: boolean;
  userId?: string;
  methods?: ('email' | 'mobile' | 'google')[];
  fido?: boolean;
  system?: boolean;
  email?: string;
  mobile?: string;
}

export type LoginStep =
  | { kind: 'credentials' }
  | { kind: 'codes'; methods: ('email' | 'mobile' | 'google')[]; email?: string; mobile?: string }
  | { kind: 'system' }
  | { kind: 'securityKey' }
  | { kind: 'done'; userId: string };

/** The step a login reply leads to: codes first, then the new-device code, then the security key (spec §4 login flow). */
export function nextLoginStep(reply: LoginReply | null | undefined): LoginStep {
  if (!reply?.needVerify) return { kind: 'done', userId: String(reply?.userId ?? '') };
  if (reply.methods && reply.methods.length > 0) return { kind: 'codes', methods: reply.methods, email: reply.email, mobile: reply.mobile };
  if (reply.system) return { kind: 'system' };
  if (reply.fido) return { kind: 'securityKey' };
  return { kind: 'credentials' };
}

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
