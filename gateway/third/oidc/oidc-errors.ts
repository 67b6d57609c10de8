import { thirdError } from '../third-core';

/** The Apple and Google sign-in's business errors (40180–40184), HTTP 200 `{status:"error"}` like every sign-in error. */
export const OIDC_ERRORS = {
  /** The request is not well formed: no provider of ours, or a `token` that is not a JWT. */
  malformed: () => thirdError('40180', 'The sign-in data is not valid, please try again'),
  /** Signature, algorithm, issuer or audience wrong: forged, altered or meant for another site. */
  unverified: () => thirdError('40181', 'The sign-in could not be verified, please try again'),
  /** `exp` has passed, or `iat` lies in the future. */
  expired: () => thirdError('40182', 'This sign-in has expired, please sign in again'),
  /** No sign-in was started in this browser, or its nonce differs, or was used already. */
  nonceInvalid: () =>
    thirdError('40183', 'This sign-in was not started here or was already used, please sign in again'),
  /** The provider is not offered (no settings). */
  notOffered: () => thirdError('40184', 'This sign-in method is not available'),
} as const;
