import { thirdError } from '../third-core';

/** The Telegram sign-in's business errors (40170–40174), HTTP 200 `{status:"error"}` like every sign-in error. */
export const TELEGRAM_ERRORS = {
  /** The login data is not well formed: not base64, not JSON, a field missing or of the wrong kind. */
  malformed: () => thirdError('40170', 'The Telegram login data is not valid, please try again'),
  /** The hash does not match the data: forged, altered, or signed for another bot. */
  badHash: () => thirdError('40171', 'The Telegram login could not be verified, please try again'),
  /** `auth_date` is older than the allowed age, or in the future. */
  expired: () => thirdError('40172', 'This Telegram login has expired, please log in with Telegram again'),
  /** The same login data came a second time. */
  used: () => thirdError('40173', 'This Telegram login was already used, please log in with Telegram again'),
  /** `id` is not the Telegram user the Mini App data names. */
  wrongUser: () => thirdError('40174', 'The Telegram account does not match this request'),
} as const;
