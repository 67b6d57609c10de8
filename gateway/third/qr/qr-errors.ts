import { thirdError } from '../third-core';

/** The QR sign-in's business errors (40185–40189), HTTP 200 `{status:"error"}` like every sign-in error. */
export const QR_ERRORS = {
  /** No live code with this key: never made, expired, or already used to sign in. */
  unknownKey: () => thirdError('40185', 'This QR code has expired, please refresh it'),
  /** The poll came from another browser than the one that shows the code. */
  otherBrowser: () => thirdError('40186', 'This QR code belongs to another browser'),
  /** Another account scanned the code first. */
  otherAccount: () => thirdError('40187', 'This QR code was scanned by another account'),
  /** The code is not in the state this call needs: confirmed already, cancelled, or not scanned yet. */
  wrongState: () => thirdError('40188', 'This QR code was already used or cancelled'),
  /** The account may not sign in (a frozen or deleted sub-account). */
  accountUnavailable: () => thirdError('40189', 'This account cannot sign in now'),
} as const;
