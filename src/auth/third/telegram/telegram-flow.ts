import { postThirdQuietly, type ThirdSignReply } from '../third-api';

/** The fragment key under which oauth.telegram.org returns the login: `#tgAuthResult=<base64 JSON>`. */
export const AUTH_RESULT_KEY = 'tgAuthResult';

/** The public Telegram config the gateway serves (`GET /v1/user/public/third/config`, `telegram`). */
export interface TelegramConfig {
  botId: string;
  botName: string;
  /** `https://oauth.telegram.org`, or the gateway's dev page in local mode. */
  oauthOrigin: string;
}

/** The config's fields, when they are all there (else the button is not drawn). */
export function readTelegramConfig(config: Record<string, unknown>): TelegramConfig | null {
  const { botId, botName, oauthOrigin } = config;
  if (typeof botId !== 'string' || !/^\d+$/.test(botId)) return null;
  if (typeof botName !== 'string' || typeof oauthOrigin !== 'string') return null;
  return { botId, botName, oauthOrigin };
}

/** Telegram's OAuth page for this bot, returning to `returnTo` (this page, without its fragment). */
export function telegramAuthUrl(config: TelegramConfig, pageOrigin: string, returnTo: string): string {
  const params = new URLSearchParams({
    bot_id: config.botId,
    origin: pageOrigin,
    request_access: 'write',
    return_to: returnTo,
  });
  return `${config.oauthOrigin}/auth?${params.toString()}`;
}

/**
 * Takes the login Telegram appended to this page's address (`#tgAuthResult=…`) and removes it from the address bar
 * and history entry, so a reload or bookmark never sends it again; null when there is none.
 */
export function takeAuthResult(): string | null {
  const fragment = window.location.hash.replace(/^#/, '');
  if (fragment === '') return null;
  const result = new URLSearchParams(fragment).get(AUTH_RESULT_KEY);
  if (result === null) return null;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  // Telegram answers `false` when the person declined.
  return result === '' || result === 'false' ? null : result;
}

/** Signs in with the login widget's result, passed on untouched (the gateway reads base64 of its JSON). */
export function signInWithAuthResult(result: string): Promise<ThirdSignReply> {
  return postThirdQuietly('tg/sign', { sign: result });
}

interface TelegramWebApp {
  initData?: unknown;
}

/** The initData already sent this page load: it is single use, so showing the button again must not resend it. */
let sentInitData: string | null = null;

/**
 * The Mini App's signed `initData` when this page runs inside Telegram and it was not sent yet (Telegram's script is
 * never loaded here; the object is only read when Telegram put it there).
 */
export function miniAppInitData(): string | null {
  const telegram = (window as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram;
  const initData = telegram?.WebApp?.initData;
  return typeof initData === 'string' && initData !== '' && initData !== sentInitData ? initData : null;
}

/** The Telegram user id inside initData's `user` field, or null. */
function userIdOf(initData: string): string | null {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '') as { id?: unknown };
    return typeof user.id === 'number' && Number.isSafeInteger(user.id) ? String(user.id) : null;
  } catch {
    return null;
  }
}

/** Inside a Telegram Mini App: signs in with its initData (`tg/signV2`); null when the page is not in one. */
export async function signInFromMiniApp(): Promise<ThirdSignReply | null> {
  const initData = miniAppInitData();
  if (initData === null) return null;
  const id = userIdOf(initData);
  if (id === null) return null;
  sentInitData = initData;
  return postThirdQuietly('tg/signV2', { initData, id });
}
