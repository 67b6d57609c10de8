import { AuthError } from '../auth-errors';

/** The email or mobile number to bind belongs to another account (said only after its code proved the caller owns it). */
export const contactTaken = () => new AuthError('40150', 'This email or mobile number is used by another account');
/** A fund password equal to the login password (one stolen would give away the other). */
export const fundPasswordIsLoginPassword = () =>
  new AuthError('40151', 'The fund password must differ from the login password');
/** Every sign-in verification was turned off, or one that is not bound was turned on. */
export const verificationChoiceRefused = () =>
  new AuthError('40152', 'Choose at least one bound verification for signing in');
/** An avatar that is not a JPEG or WebP picture of at most AVATAR_MAX_BYTES. */
export const avatarRefused = () => new AuthError('40153', 'The picture must be a JPEG or WebP image of at most 40 KB');
/** The signed-in account has no avatar to serve. */
export const avatarMissing = () => new AuthError('40154', 'No profile picture');
/** The new address is the one the account already has. */
export const contactUnchanged = () => new AuthError('40155', 'This is already the bound address');
/** A login password equal to the fund password. */
export const loginPasswordIsFundPassword = () =>
  new AuthError('40156', 'The login password must differ from the fund password');
