import { maskEmail, maskMobile } from './mask';
import { sha256Hex } from './safe-equal';
import type { PendingSteps } from './sign-in/pending-login-store';
import type { UserRecord } from './user-store';

/** The masked contacts and identity every signed-in reply shows. */
function identity(user: UserRecord) {
  const email = user.email === null ? null : maskEmail(user.email);
  const mobile = user.mobile === null ? null : maskMobile(user.mobile);
  return {
    userId: user.id,
    loginName: email ?? mobile ?? '',
    email,
    mobile,
    areaCode: user.areaCode,
    nickName: user.nickName ?? email ?? mobile ?? user.id,
    isSub: user.parentId !== null,
    parentId: user.parentId,
    isDemo: user.isDemo,
  };
}

/** `data` of a completed login or registration: `needVerify: false` and the masked identity. */
export function loginView(user: UserRecord) {
  return { needVerify: false, ...identity(user) };
}

/**
 * `data` of a login that waits for second factors: which steps remain and where codes go (masked). While the
 * new-device step is left, `userIdHash` (signing contract §5) lets a device that holds this user's older key pair
 * prove it at the device-check url instead of typing the mailed code.
 */
export function pendingView(steps: PendingSteps, user: UserRecord) {
  return {
    needVerify: true,
    methods: steps.methods,
    fido: steps.fido,
    system: steps.system,
    email: user.email === null ? null : maskEmail(user.email),
    mobile: user.mobile === null ? null : maskMobile(user.mobile),
    ...(steps.system ? { userIdHash: sha256Hex(user.id) } : {}),
  };
}

/** `data` of `GET /v1/user/overview/userinfo` for a signed-in user (never the secrets or the hash). */
export function userInfoView(user: UserRecord) {
  return {
    isLogin: true,
    ...identity(user),
    registerTime: String(user.createdAt),
    twoFactor: { ...user.twoFactor },
    emailBound: user.email !== null,
    mobileBound: user.mobile !== null,
    googleBound: user.twoFactor.google,
  };
}
