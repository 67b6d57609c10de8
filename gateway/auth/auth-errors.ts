import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { REFERRAL_REFUSED_CODE, TERMS_NOT_AGREED_CODE } from '../../engine/rules/registration';
import { STEP_UP_REQUIRED_CODE } from '../../engine/rules/step-up';
import { BusinessError } from '../http/gateway-error';

/** A refusal of the sign-in and account flows (spec §8), HTTP 200 unless a limit was hit. */
export class AuthError extends BusinessError {
  /** Creates an error with its envelope code, message and HTTP status (200 unless a limit was hit). */
  constructor(code: string, message: string, status: ContentfulStatusCode = 200) {
    super(code, message, status);
    this.name = 'AuthError';
  }
}

/** Wrong account or password, and every failure of the login envelope: one reply for all (spec §4, signing contract §3). */
export const loginFailed = () => new AuthError('40101', 'Incorrect account or password');
/** A verification or authenticator code is wrong, used or expired (one reply for all three). */
export const codeInvalid = () => new AuthError('40102', 'Verification code is incorrect or has expired');
/** No live pending login: never started, older than 5 minutes, or already completed. */
export const pendingExpired = () => new AuthError('40103', 'Verification timed out, please log in again');
/** The pending login took its fifth wrong answer and was dropped. */
export const tooManyAttempts = () => new AuthError('40104', 'Too many incorrect codes, please log in again');
/** The step called is not one this login needs. */
export const stepNotNeeded = () => new AuthError('40105', 'This verification step is not needed');
/** A registration or verification envelope was missing or could not be opened. */
export const submitFailed = () =>
  new AuthError('40106', 'Secure submission failed, please refresh the page and try again');
/** Registration for an email or mobile that has an account (only said after the codes proved the caller owns them). */
export const alreadyRegistered = () =>
  new AuthError('40107', 'This email or mobile number is already registered, please log in');
/** A referral field of a registration is malformed (the message names it); the form shows it under its field. */
export const referralRefused = (field: string) =>
  new AuthError(REFERRAL_REFUSED_CODE, `Invalid referral code in ${field}: use 1 to 64 letters, digits, _ or -`);
/** A registration came without `agreed: true`, the consent to the terms the form asks for. */
export const termsNotAgreed = () => new AuthError(TERMS_NOT_AGREED_CODE, 'Please agree to the terms to register');
/** Google Authenticator is bound already. */
export const googleAlreadyBound = () => new AuthError('40108', 'Google Authenticator is already bound');
/** Google Authenticator is not bound. */
export const googleNotBound = () => new AuthError('40109', 'Google Authenticator is not bound');
/** Bind was called without a fresh secret from `google/secret`. */
export const googleNoSetup = () => new AuthError('40110', 'Request a new authenticator secret first');
/** The account has no email or mobile for the requested code. */
export const noTarget = () => new AuthError('40111', 'No email or mobile number is bound for this verification');
/** A change to how the account is secured needs a fresh second factor first (`POST /v1/user/security/verify`). */
export const stepUpRequired = () => new AuthError(STEP_UP_REQUIRED_CODE, 'Security verification required');
/** The current password given with a password change is wrong. */
export const currentPasswordWrong = () => new AuthError('40113', 'The current password is incorrect');
/** The account has no second factor, email or mobile to confirm a change with. */
export const noStepUpMethod = () => new AuthError('40114', 'This account has nothing to confirm the change with');
/** A rate limit was hit (HTTP 429). */
export const rateLimited = () => new AuthError('40429', 'Too many requests, please try again later', 429);
/** The route needs a session and the request has none (spec §8 `00005`). */
export const notLoggedIn = () => new AuthError('00005', 'Please login to visit');
/** The security-key step exists in the flow but its verifier is not built yet (a 501-style business error). */
export const securityKeyUnavailable = () => new AuthError('50100', 'Security key verification is not available yet');
