/** A reply of the login steps: either signed in, or the next step's needs (gateway `/v1/user/login*`). */
export interface LoginReply {
  needVerify: boolean;
  userId?: string;
  methods?: ('email' | 'mobile' | 'google')[];
  fido?: boolean;
  system?: boolean;
  email?: string;
  mobile?: string;
  /** While the new-device step is left: hex(SHA-256(userId)), for the device check of signing contract §5. */
  userIdHash?: string;
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
  if (reply.methods && reply.methods.length > 0)
    return { kind: 'codes', methods: reply.methods, email: reply.email, mobile: reply.mobile };
  if (reply.system) return { kind: 'system' };
  if (reply.fido) return { kind: 'securityKey' };
  return { kind: 'credentials' };
}
