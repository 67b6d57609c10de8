/**
 * The changes to how an account is secured that need a fresh second factor, never a session cookie alone (the
 * gateway's step-up, `POST /v1/user/security/verify`). Purposes of screens not built yet are listed so their routes
 * have a name to ask for.
 */
export const STEP_UP_PURPOSES = [
  'google-bind',
  'google-unbind',
  'fido-add',
  'fido-remove',
  'password-change',
  'email-change',
  'mobile-change',
  'api-key-create',
  'api-key-edit',
  'api-key-delete',
  'sub-create',
  'sub-freeze',
  'sub-delete',
  'withdraw',
  'fund-password',
  'anti-phishing',
  'login-verification',
  'device-revoke',
  'third-unlink',
] as const;

/** One change that needs a fresh second factor. */
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];

/** A second factor a step-up can ask for: a code by email, SMS or authenticator app, or the security key. */
export type StepUpMethod = 'email' | 'mobile' | 'google' | 'fido';

/** The reply code of a change asked for without a fresh step-up for it. */
export const STEP_UP_REQUIRED_CODE = '40112';

/** True for a purpose of STEP_UP_PURPOSES. */
export function isStepUpPurpose(value: unknown): value is StepUpPurpose {
  return typeof value === 'string' && (STEP_UP_PURPOSES as readonly string[]).includes(value);
}
