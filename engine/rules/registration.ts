/**
 * The gateway's refusals of a registration the form can place under its own field (spec §7.3 leaves them open, so
 * the codes are ours): a malformed referral code, and a form sent without the terms consent.
 */

/** A referral field is not 1 to 64 of `A-Z a-z 0-9 _ -`; shown under the referral code field. */
export const REFERRAL_REFUSED_CODE = '40115';

/** The registration did not carry `agreed: true`; shown under the terms consent. */
export const TERMS_NOT_AGREED_CODE = '40116';
