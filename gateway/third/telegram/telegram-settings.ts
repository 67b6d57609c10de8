/** The Telegram sign-in's settings (README "Settings"). */
export interface TelegramSettings {
  /** The bot's token from @BotFather: `<bot id>:<secret>`; it signs every login the gateway accepts. */
  botToken: string;
  /** The bot's username, without `@`. */
  botName: string;
  /** The bot's numeric id (the token's part before `:`), which oauth.telegram.org is opened with. */
  botId: string;
  /** How old a login may be, in seconds (`auth_date`). */
  maxAgeS: number;
  /** True when the fixed local-mode bot stands in for a real one: logins come from the dev Telegram page. */
  isDevBot: boolean;
}

/** The local-mode stand-in bot's token: published here, so it is accepted only in local mode. */
export const DEV_TELEGRAM_BOT_TOKEN = '7000000001:DEV-local-mode-only-not-a-real-telegram-bot';
/** The local-mode stand-in bot's username. */
export const DEV_TELEGRAM_BOT_NAME = 'exchange_dev_bot';
/** How old a login may be when `TELEGRAM_AUTH_MAX_AGE_S` is not set: one day. */
export const DEFAULT_TELEGRAM_MAX_AGE_S = 86_400;

/** What @BotFather hands out: a numeric bot id, a colon, and a secret. */
const BOT_TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{20,}$/;
/** Telegram usernames: 5–32 letters, digits and underscores. */
const BOT_NAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

function parseMaxAge(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_TELEGRAM_MAX_AGE_S;
  const text = value.trim();
  if (!/^\d{1,7}$/.test(text) || Number(text) < 60) {
    throw new Error(`TELEGRAM_AUTH_MAX_AGE_S must be a whole number of seconds from 60 to 9999999, got "${value}"`);
  }
  return Number(text);
}

/**
 * Reads `TELEGRAM_BOT_TOKEN`, `TELEGRAM_BOT_NAME` and `TELEGRAM_AUTH_MAX_AGE_S` (default 86400). Without a token:
 * the fixed dev bot in local mode, else null (the method is hidden). A malformed setting stops the start.
 */
export function readTelegramSettings(env: NodeJS.ProcessEnv, localMode: boolean): TelegramSettings | null {
  const maxAgeS = parseMaxAge(env.TELEGRAM_AUTH_MAX_AGE_S);
  const token = env.TELEGRAM_BOT_TOKEN?.trim() ?? '';
  if (token === '') {
    if (!localMode) return null;
    const botId = DEV_TELEGRAM_BOT_TOKEN.split(':')[0]!;
    return { botToken: DEV_TELEGRAM_BOT_TOKEN, botName: DEV_TELEGRAM_BOT_NAME, botId, maxAgeS, isDevBot: true };
  }
  const match = BOT_TOKEN.exec(token);
  if (!match) throw new Error('TELEGRAM_BOT_TOKEN must look like "<bot id>:<secret>" as @BotFather gives it');
  const botName = env.TELEGRAM_BOT_NAME?.trim().replace(/^@/, '') ?? '';
  if (!BOT_NAME.test(botName))
    throw new Error("TELEGRAM_BOT_NAME must be the bot's username when TELEGRAM_BOT_TOKEN is set");
  return { botToken: token, botName, botId: match[1]!, maxAgeS, isDevBot: false };
}

/** Where the login button sends the person: Telegram's OAuth page, or the dev page that plays it in local mode. */
export const TELEGRAM_OAUTH_ORIGIN = 'https://oauth.telegram.org';
/** The dev page's base path (local mode with the dev bot only). */
export const DEV_TELEGRAM_OAUTH_BASE = '/dev/telegram-oauth';

/** What the client needs: the bot's name and id and where its OAuth page lives (never the token). */
export function telegramPublicConfig(settings: TelegramSettings): Record<string, unknown> {
  return {
    botName: settings.botName,
    botId: settings.botId,
    oauthOrigin: settings.isDevBot ? DEV_TELEGRAM_OAUTH_BASE : TELEGRAM_OAUTH_ORIGIN,
  };
}
