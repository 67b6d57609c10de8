import { AuthError } from '../auth-errors';

/** A security key's answer (registration or sign-in) did not verify: wrong challenge, origin, RP id, key or signature. */
export const keyNotVerified = () => new AuthError('40120', 'The security key could not be verified');
/** The credential is registered already (to this account or another). */
export const keyAlreadyRegistered = () => new AuthError('40121', 'This security key is already registered');
/** The account has no security key with that id. */
export const keyNotFound = () => new AuthError('40122', 'Security key not found');
/** The account holds the most keys allowed. */
export const tooManyKeys = () => new AuthError('40123', 'No more security keys can be added to this account');
