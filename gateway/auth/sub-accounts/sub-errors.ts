import { AuthError } from '../auth-errors';

/**
 * A switch the session may not make: another user's account, a stranger, a malformed or unknown id; one reply for
 * all, so the answer never tells whether an account exists (spec §4 "Sub-account switching", §7.5).
 */
export const switchRefused = () => new AuthError('40301', 'This account cannot be switched to');
/** Only a main account creates sub-accounts (not a sub-account, not the demo account). */
export const mainAccountOnly = () => new AuthError('40302', 'Only the main account can manage sub-accounts');
/** The main account already holds the most sub-accounts allowed. */
export const subAccountLimit = () => new AuthError('40303', 'The sub-account limit has been reached');
/** Another sub-account of this main account has the name already (names are compared whatever their case). */
export const subNameTaken = () => new AuthError('40304', 'This sub-account name is already in use');
/**
 * An account a transfer between family accounts may not name: another family's, the demo account, a malformed or
 * unknown id, or a session with no family to act for; one reply for all (HTTP 403), so the answer never tells whether
 * an account exists (assets contract, "Transfer between sub-accounts").
 */
export const transferAccountRefused = () => new AuthError('40305', 'This account is not available for transfers', 403);
/**
 * A sub-account the session's main account does not hold: another family's, the demo account, a deleted, malformed or
 * unknown id; one reply for all, so the answer never tells whether an account exists (issue 21 §4 management routes).
 */
export const subAccountNotFound = () => new AuthError('40306', 'This sub-account does not exist');
/** The sub-account is frozen: it cannot be switched to, and its API keys fail until its main account unfreezes it. */
export const subAccountFrozen = () => new AuthError('40307', 'This sub-account is frozen');
/** A sub-account is deleted only when it holds nothing: no balance, no open order, no position. */
export const subAccountNotEmpty = () =>
  new AuthError('40308', 'Empty the sub-account first: balances, open orders and positions must all be zero');
