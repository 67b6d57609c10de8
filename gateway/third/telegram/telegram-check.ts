import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { TELEGRAM_ERRORS } from './telegram-errors';

/** The Telegram user a verified login names. */
export interface TelegramUser {
  /** Telegram's user id, as a decimal string. */
  id: string;
  firstName: string;
  username: string | null;
}

/** A login that passed its hash check: who, when (Unix seconds) and its hash (what makes it single use). */
export interface VerifiedTelegramLogin {
  user: TelegramUser;
  authDate: number;
  hash: string;
}

/** How far in the future an `auth_date` may be (clocks differ): 60 s. */
export const TELEGRAM_CLOCK_SKEW_S = 60;

const HASH = /^[0-9a-f]{64}$/;
const USER_ID = /^[1-9]\d{0,19}$/;
const AUTH_DATE = /^\d{1,12}$/;

/** Telegram's data-check-string: every field but `hash`, as `key=value`, sorted by key, joined by line feeds. */
export function dataCheckString(fields: ReadonlyMap<string, string>): string {
  return [...fields]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** The login widget's hash: hex HMAC-SHA-256 of the data-check-string under SHA-256(bot token) (core.telegram.org/widgets/login). */
export function widgetHash(botToken: string, fields: ReadonlyMap<string, string>): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
}

/** A Mini App's initData hash: hex HMAC-SHA-256 of the data-check-string under HMAC-SHA-256("WebAppData", bot token) (core.telegram.org/bots/webapps). */
export function initDataHash(botToken: string, fields: ReadonlyMap<string, string>): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
}

/** Compares a received hash with the expected one in constant time; a malformed one is simply unequal. */
function hashMatches(received: string, expected: string): boolean {
  if (!HASH.test(received)) return false;
  return timingSafeEqual(Buffer.from(received, 'hex'), Buffer.from(expected, 'hex'));
}

/** Refuses an `auth_date` older than `maxAgeS` or more than the clock skew in the future (40172). */
function checkFresh(authDate: number, nowMs: number, maxAgeS: number): void {
  const nowS = Math.floor(nowMs / 1000);
  if (authDate > nowS + TELEGRAM_CLOCK_SKEW_S || nowS - authDate > maxAgeS) throw TELEGRAM_ERRORS.expired();
}

function readAuthDate(value: string | undefined): number {
  if (value === undefined || !AUTH_DATE.test(value)) throw TELEGRAM_ERRORS.malformed();
  return Number(value);
}

/**
 * The login widget's fields (`id`, `first_name`, `auth_date`, `hash`, and optionally `last_name`, `username`,
 * `photo_url`) as strings, from the JSON object Telegram returns; numbers become their decimal text. Throws 40170.
 */
export function widgetFieldsOf(data: unknown): Map<string, string> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw TELEGRAM_ERRORS.malformed();
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (!/^[a-z_]{1,32}$/.test(key)) throw TELEGRAM_ERRORS.malformed();
    if (typeof value === 'string') fields.set(key, value);
    else if (typeof value === 'number' && Number.isSafeInteger(value)) fields.set(key, String(value));
    else throw TELEGRAM_ERRORS.malformed();
  }
  return fields;
}

/**
 * Checks login widget data: its hash over every other field with the bot's token, then that it is fresh. Returns
 * the user; throws 40170 (malformed), 40171 (hash) or 40172 (age).
 */
export function verifyWidgetLogin(
  fields: ReadonlyMap<string, string>,
  botToken: string,
  nowMs: number,
  maxAgeS: number,
): VerifiedTelegramLogin {
  const id = fields.get('id');
  const firstName = fields.get('first_name');
  const hash = fields.get('hash');
  if (id === undefined || !USER_ID.test(id) || firstName === undefined || hash === undefined) {
    throw TELEGRAM_ERRORS.malformed();
  }
  const authDate = readAuthDate(fields.get('auth_date'));
  if (!hashMatches(hash, widgetHash(botToken, fields))) throw TELEGRAM_ERRORS.badHash();
  checkFresh(authDate, nowMs, maxAgeS);
  const username = fields.get('username');
  return { user: { id, firstName, username: username || null }, authDate, hash };
}

/** The fields of a Mini App's initData (a URL-encoded query string), decoded; a repeated field is malformed (40170). */
export function initDataFieldsOf(initData: string): Map<string, string> {
  if (initData === '' || initData.length > 8192) throw TELEGRAM_ERRORS.malformed();
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(initData)) {
    if (fields.has(key)) throw TELEGRAM_ERRORS.malformed();
    fields.set(key, value);
  }
  return fields;
}

function userOfJson(text: string | undefined): TelegramUser {
  let user: unknown;
  try {
    user = JSON.parse(text ?? '');
  } catch {
    throw TELEGRAM_ERRORS.malformed();
  }
  if (typeof user !== 'object' || user === null) throw TELEGRAM_ERRORS.malformed();
  const { id, first_name: firstName, username } = user as Record<string, unknown>;
  const idText = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : undefined;
  if (idText === undefined || !USER_ID.test(idText) || typeof firstName !== 'string') throw TELEGRAM_ERRORS.malformed();
  return { id: idText, firstName, username: typeof username === 'string' && username !== '' ? username : null };
}

/**
 * Checks a Mini App's initData: its hash over every other field (`signature` included, as the docs' "all received
 * fields" says) with the `WebAppData` key, then that it is fresh. Returns the user in `user`; throws 40170–40172.
 */
export function verifyInitData(
  fields: ReadonlyMap<string, string>,
  botToken: string,
  nowMs: number,
  maxAgeS: number,
): VerifiedTelegramLogin {
  const hash = fields.get('hash');
  if (hash === undefined) throw TELEGRAM_ERRORS.malformed();
  const authDate = readAuthDate(fields.get('auth_date'));
  const user = userOfJson(fields.get('user'));
  if (!hashMatches(hash, initDataHash(botToken, fields))) throw TELEGRAM_ERRORS.badHash();
  checkFresh(authDate, nowMs, maxAgeS);
  return { user, authDate, hash };
}

/** Signs login widget fields as Telegram would (the dev page and tests); returns them with `hash` added. */
export function signWidgetFields(
  botToken: string,
  fields: Record<string, string | number>,
): Record<string, string | number> {
  const map = new Map(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  map.delete('hash');
  return { ...fields, hash: widgetHash(botToken, map) };
}

/** Builds a Mini App initData string signed as Telegram would (the dev helper and tests). */
export function signInitData(botToken: string, fields: Record<string, string>): string {
  const map = new Map(Object.entries(fields));
  map.delete('hash');
  const params = new URLSearchParams([...map, ['hash', initDataHash(botToken, map)]]);
  return params.toString();
}
