import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../../gateway/auth/auth-errors';
import {
  initDataFieldsOf,
  signInitData,
  signWidgetFields,
  verifyInitData,
  verifyWidgetLogin,
  widgetFieldsOf,
} from '../../../../gateway/third/telegram/telegram-check';
import { readTelegramSettings, telegramPublicConfig } from '../../../../gateway/third/telegram/telegram-settings';

// Known-answer vectors computed with Python's hashlib/hmac, independently of the gateway's code.
const TOKEN = '123456789:TEST-vector-token-aaaaaaaaaaaaaaaaaaaa';
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const WIDGET = {
  id: 424242,
  first_name: 'Анна',
  username: 'anna_tg',
  photo_url: 'https://t.me/i/userpic/320/x.jpg',
  auth_date: 1736942400,
  hash: '23756bee8bfad364e445ca0fee3162a0976b2ab1540e08fe71505c2ead079208',
};
const INIT_DATA =
  'query_id=AAHdF6IQAAAAAN0XohDhr8c&user=%7B%22id%22%3A424242%2C%22first_name%22%3A%22%D0%90%D0%BD%D0%BD%D0%B0%22%2C%22username%22%3A%22anna_tg%22%7D&auth_date=1736942400&signature=c2lnbmF0dXJlLWJ5dGVz&hash=5d98ebb1df9705eb40a97d0023836f5bebe9638ab3bc84ecd5652c0dfd3af277';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return error.code;
    throw error;
  }
  return 'accepted';
}

const widget = (data: Record<string, unknown>, now = NOW, token = TOKEN) =>
  codeOf(() => verifyWidgetLogin(widgetFieldsOf(data), token, now, 86_400));
const initData = (text: string, now = NOW, token = TOKEN) =>
  codeOf(() => verifyInitData(initDataFieldsOf(text), token, now, 86_400));

describe('verifyWidgetLogin', () => {
  it('accepts the known-answer vector and names its user', () => {
    const login = verifyWidgetLogin(widgetFieldsOf(WIDGET), TOKEN, NOW, 86_400);
    expect(login.user).toEqual({ id: '424242', firstName: 'Анна', username: 'anna_tg' });
    expect(login.authDate).toBe(1736942400);
  });

  it('agrees with the signer used by the dev page', () => {
    const { hash: _hash, ...rest } = WIDGET;
    expect(signWidgetFields(TOKEN, rest).hash).toBe(WIDGET.hash);
  });

  it('refuses every tampered field, an added field and a removed one (40171)', () => {
    for (const [key, value] of Object.entries({
      id: 424243,
      first_name: 'Anna',
      username: 'anna',
      photo_url: 'x',
      auth_date: 1736942401,
    })) {
      expect(widget({ ...WIDGET, [key]: value })).toBe('40171');
    }
    expect(widget({ ...WIDGET, last_name: 'X' })).toBe('40171');
    const { photo_url: _photo, ...withoutPhoto } = WIDGET;
    expect(widget(withoutPhoto)).toBe('40171');
    expect(widget({ ...WIDGET, hash: WIDGET.hash.replace(/^2/, '3') })).toBe('40171');
    expect(widget({ ...WIDGET, hash: WIDGET.hash.toUpperCase() })).toBe('40171');
  });

  it('refuses data signed for another bot (40171)', () => {
    expect(widget(WIDGET, NOW, '987654321:another-bot-token-bbbbbbbbbbbbbbbbbb')).toBe('40171');
  });

  it('refuses data without a hash, id, first name or auth date, or with non-scalar fields (40170)', () => {
    for (const key of ['hash', 'id', 'first_name', 'auth_date'] as const) {
      const copy: Record<string, unknown> = { ...WIDGET };
      delete copy[key];
      expect(widget(copy)).toBe('40170');
    }
    expect(widget({ ...WIDGET, username: { nested: true } })).toBe('40170');
    expect(widget({ ...WIDGET, id: 1.5 })).toBe('40170');
    expect(codeOf(() => widgetFieldsOf([WIDGET]))).toBe('40170');
  });

  it('refuses a login older than the allowed age and one from the future beyond the skew (40172)', () => {
    expect(widget(WIDGET, NOW + 86_400_000)).toBe('accepted');
    expect(widget(WIDGET, NOW + 86_401_000)).toBe('40172');
    expect(widget(WIDGET, NOW - 60_000)).toBe('accepted');
    expect(widget(WIDGET, NOW - 61_000)).toBe('40172');
  });
});

describe('verifyInitData', () => {
  it('accepts the known-answer vector, `signature` included in the checked string', () => {
    const login = verifyInitData(initDataFieldsOf(INIT_DATA), TOKEN, NOW, 86_400);
    expect(login.user).toEqual({ id: '424242', firstName: 'Анна', username: 'anna_tg' });
  });

  it('refuses data whose `signature` was dropped or changed (40171)', () => {
    expect(initData(INIT_DATA.replace(/&signature=[^&]*/, ''))).toBe('40171');
    expect(initData(INIT_DATA.replace('signature=c2', 'signature=d2'))).toBe('40171');
  });

  it('refuses a hash made the login widget way instead of with the WebAppData key (40171)', () => {
    const fields = initDataFieldsOf(INIT_DATA);
    fields.delete('hash');
    const widgetStyle = signWidgetFields(TOKEN, Object.fromEntries(fields)).hash as string;
    expect(initData(INIT_DATA.replace(/hash=[0-9a-f]+/, `hash=${widgetStyle}`))).toBe('40171');
  });

  it('refuses a changed user, another bot, a stale date and malformed data', () => {
    expect(initData(INIT_DATA.replace('424242', '424243'))).toBe('40171');
    expect(initData(INIT_DATA, NOW, '987654321:another-bot-token-bbbbbbbbbbbbbbbbbb')).toBe('40171');
    expect(initData(INIT_DATA, NOW + 86_401_000)).toBe('40172');
    expect(initData(INIT_DATA.replace(/&hash=[0-9a-f]+/, ''))).toBe('40170');
    expect(initData(`${INIT_DATA}&auth_date=1`)).toBe('40170');
    expect(initData('')).toBe('40170');
    const noJson = signInitData(TOKEN, { user: '{id:1', auth_date: '1736942400' });
    expect(initData(noJson)).toBe('40170');
  });

  it('agrees with the signer used by the dev helper', () => {
    const fields = Object.fromEntries(initDataFieldsOf(INIT_DATA));
    expect(new URLSearchParams(signInitData(TOKEN, fields)).get('hash')).toBe(fields.hash);
  });
});

describe('readTelegramSettings', () => {
  it('hides the method outside local mode without a token, and uses the dev bot in local mode', () => {
    expect(readTelegramSettings({}, false)).toBeNull();
    const dev = readTelegramSettings({}, true)!;
    expect(dev.isDevBot).toBe(true);
    expect(telegramPublicConfig(dev)).toEqual({
      botName: dev.botName,
      botId: dev.botId,
      oauthOrigin: '/dev/telegram-oauth',
    });
  });

  it('reads a real bot, never publishing its token', () => {
    const settings = readTelegramSettings(
      { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BOT_NAME: '@real_bot', TELEGRAM_AUTH_MAX_AGE_S: '3600' },
      false,
    )!;
    expect(settings).toMatchObject({ botId: '123456789', botName: 'real_bot', maxAgeS: 3600, isDevBot: false });
    const config = telegramPublicConfig(settings);
    expect(config.oauthOrigin).toBe('https://oauth.telegram.org');
    expect(JSON.stringify(config)).not.toContain('TEST-vector');
  });

  it('refuses a malformed token, a missing bot name and a malformed age', () => {
    expect(() => readTelegramSettings({ TELEGRAM_BOT_TOKEN: 'nope' }, false)).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => readTelegramSettings({ TELEGRAM_BOT_TOKEN: TOKEN }, false)).toThrow(/TELEGRAM_BOT_NAME/);
    expect(() => readTelegramSettings({ TELEGRAM_AUTH_MAX_AGE_S: '1d' }, true)).toThrow(/TELEGRAM_AUTH_MAX_AGE_S/);
  });
});
