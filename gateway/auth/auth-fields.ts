import { invalidField } from '../http/gateway-error';
import { referralRefused } from './auth-errors';
import { type JsonObject, readString } from '../http/validate';

/** Longest email or login name accepted (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Longest password read at login; registration rules are stricter (8–32). */
export const MAX_LOGIN_PASSWORD_LENGTH = 128;

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/;
const MOBILE_PATTERN = /^\d{5,15}$/;
const AREA_CODE_PATTERN = /^\+?(\d{1,4})$/;
const CODE_PATTERN = /^\d{6}$/;
const REFERRAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Printable ASCII without the space: what a password may contain. */
const PASSWORD_CHARS = /^[\x21-\x7e]+$/;

/** The referral fields of spec §3 as sent at registration. */
export const REFERRAL_FIELDS = [
  'registerVipNo',
  'registerChannel',
  'clacCode',
  'commonCode',
  'groupId',
  'actCode',
] as const;
/** One referral field name. */
export type ReferralField = (typeof REFERRAL_FIELDS)[number];
/** Referral values captured at registration; absent ones are null. */
export type Referral = Record<ReferralField, string | null>;

/** The referral fields of an account made without any (dev seed, sub-accounts, tests). */
export const NO_REFERRAL: Readonly<Referral> = Object.freeze(
  Object.fromEntries(REFERRAL_FIELDS.map((field) => [field, null])) as Referral,
);

/** Reads an optional string, trimmed; absent, null or empty read as undefined (clients send null for "not set"). */
function optionalTrimmed(object: JsonObject, field: string, maxLength: number): string | undefined {
  if (object[field] === null) return undefined;
  return readString(object, field, { optional: true, maxLength })?.trim() || undefined;
}

function trimmedNonEmpty(object: JsonObject, field: string, maxLength: number): string {
  const value = readString(object, field, { maxLength }).trim();
  if (value === '') throw invalidField(field, 'must not be empty');
  return value;
}

/** Reads a login name (an email or a mobile number), trimmed and non-empty. */
export function readLoginName(object: JsonObject): string {
  return trimmedNonEmpty(object, 'loginName', MAX_EMAIL_LENGTH);
}

/** Reads an email address, trimmed and lower-cased, or throws a 400 naming `field`. */
export function readEmail(object: JsonObject, field = 'email'): string {
  const value = trimmedNonEmpty(object, field, MAX_EMAIL_LENGTH);
  if (!EMAIL_PATTERN.test(value)) throw invalidField(field, 'must be an email address');
  return value.toLowerCase();
}

/** Reads a mobile number of 5 to 15 digits, or throws a 400 naming `field`. */
export function readMobile(object: JsonObject, field = 'mobile'): string {
  const value = trimmedNonEmpty(object, field, 32);
  if (!MOBILE_PATTERN.test(value)) throw invalidField(field, 'must be 5 to 15 digits');
  return value;
}

/** Reads an area code (1 to 4 digits, an optional leading `+` dropped); absent or empty reads as undefined when optional. */
export function readAreaCode(object: JsonObject, options: { optional: true }): string | undefined;
export function readAreaCode(object: JsonObject, options?: { optional?: false }): string;
export function readAreaCode(object: JsonObject, options: { optional?: boolean } = {}): string | undefined {
  const raw = optionalTrimmed(object, 'areaCode', 8);
  if (!raw) {
    if (options.optional) return undefined;
    throw invalidField('areaCode', 'must not be empty');
  }
  const match = AREA_CODE_PATTERN.exec(raw);
  if (!match) throw invalidField('areaCode', 'must be 1 to 4 digits, optionally after +');
  return match[1]!;
}

/** Reads a password as typed (never trimmed), at most 128 characters. */
export function readPassword(object: JsonObject, field = 'pwd'): string {
  const value = readString(object, field, { maxLength: MAX_LOGIN_PASSWORD_LENGTH });
  if (value === '') throw invalidField(field, 'must not be empty');
  return value;
}

/** True when a new password meets the rules: 8–32 printable ASCII characters without spaces, at least one letter and one digit. */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 32 &&
    PASSWORD_CHARS.test(password) &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

/** Reads `pwd` and `rePwd` of a registration and checks the password rules and that both match. */
export function readNewPassword(object: JsonObject): string {
  const pwd = readPassword(object, 'pwd');
  if (!isAcceptablePassword(pwd)) {
    throw invalidField('pwd', 'must be 8 to 32 characters (no spaces) with at least one letter and one digit');
  }
  const rePwd = readString(object, 'rePwd', { maxLength: MAX_LOGIN_PASSWORD_LENGTH });
  if (rePwd !== pwd) throw invalidField('rePwd', 'must match pwd');
  return pwd;
}

/** Reads a 6-digit verification or authenticator code, or throws a 400 naming `field`. */
export function readCode(object: JsonObject, field: string): string {
  const value = readString(object, field, { maxLength: 16 }).trim();
  if (!CODE_PATTERN.test(value)) throw invalidField(field, 'must be 6 digits');
  return value;
}

/**
 * Reads the six optional referral fields (each at most 64 of `A-Z a-z 0-9 _ -`; empty reads as absent). A malformed
 * one, too long included, is the person's typing, so it gets the refusal the form shows under its field (`40115`);
 * a value that is not a string at all is a broken client (`40002`). A well-formed code is stored as given: nothing
 * in spec §3 says a code must name an existing account.
 */
export function readReferral(object: JsonObject): Referral {
  const referral = {} as Referral;
  for (const field of REFERRAL_FIELDS) {
    // The body limit bounds the length; the pattern says what is wrong with a long one.
    const value =
      object[field] === null ? undefined : readString(object, field, { optional: true })?.trim() || undefined;
    if (value !== undefined && !REFERRAL_PATTERN.test(value)) throw referralRefused(field);
    referral[field] = value ?? null;
  }
  return referral;
}

/**
 * Whether a sign-up carries the terms consent: only the JSON value `true` is consent; a missing field, `false`, the
 * string "true" or "false", 1 or anything else is not (a form that ticked the box sends the boolean).
 */
export function hasAgreedToTerms(object: JsonObject): boolean {
  return object.agreed === true;
}
