import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { TelegramButton } from '../../src/auth/third/telegram/TelegramButton';
import { telegramAuthUrl } from '../../src/auth/third/telegram/telegram-flow';
import { closeAllToasts } from '../../src/ui/toast/toast-state';

const CONFIG = { botId: '7000000001', botName: 'exchange_dev_bot', oauthOrigin: '/dev/telegram-oauth' };
const startUrl = `${location.pathname}${location.search}`;

afterEach(() => {
  history.replaceState(null, '', startUrl);
  delete (window as { Telegram?: unknown }).Telegram;
  closeAllToasts();
});

describe('TelegramButton', () => {
  it('is a Telegram-blue button named "Log in with Telegram" with the paper-plane mark', async () => {
    await render(<TelegramButton config={CONFIG} onReply={() => undefined} />);
    const button = page.getByRole('button', { name: 'Log in with Telegram' });
    await expect.element(button).toBeVisible();
    const style = getComputedStyle(button.element());
    // Telegram blue deepened so white text reaches 4.5:1 (WCAG AA).
    expect(style.backgroundColor).toBe('rgb(31, 118, 189)');
    expect(style.color).toBe('rgb(255, 255, 255)');
    expect(button.element().querySelector('svg[aria-hidden="true"] path')).not.toBeNull();
    expect(button.element().getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  });

  it('draws nothing for an incomplete config', async () => {
    const screen = await render(<TelegramButton config={{ botName: 'x' }} onReply={() => undefined} />);
    expect(screen.container.querySelector('button')).toBeNull();
  });

  it('takes #tgAuthResult out of the address, and shows an inline error when the sign-in call fails', async () => {
    history.replaceState(null, '', `${startUrl}#tgAuthResult=eyJpZCI6MX0`);
    const replies: unknown[] = [];
    await render(<TelegramButton config={CONFIG} onReply={(reply) => void replies.push(reply)} />);
    expect(location.hash).toBe('');
    // The test server has no gateway: the call fails as a network or server failure would.
    await expect.element(page.getByRole('alert')).toHaveTextContent('Telegram sign-in did not work');
    expect(replies).toEqual([]);
    await expect.element(page.getByRole('button', { name: 'Log in with Telegram' })).toBeEnabled();
  });

  it('ignores a declined login (#tgAuthResult=false) and other fragments', async () => {
    history.replaceState(null, '', `${startUrl}#tgAuthResult=false`);
    await render(<TelegramButton config={CONFIG} onReply={() => undefined} />);
    expect(location.hash).toBe('');
    await expect.element(page.getByRole('button', { name: 'Log in with Telegram' })).toBeEnabled();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("signs in from a Mini App without loading Telegram's script, failing inline here too", async () => {
    const user = encodeURIComponent(JSON.stringify({ id: 4040, first_name: 'Mini' }));
    (window as { Telegram?: unknown }).Telegram = {
      WebApp: { initData: `user=${user}&auth_date=1&hash=${'0'.repeat(64)}` },
    };
    const screen = await render(<TelegramButton config={CONFIG} onReply={() => undefined} />);
    await expect.element(page.getByRole('alert')).toHaveTextContent('Telegram sign-in did not work');
    expect(document.querySelector('script[src*="telegram"]')).toBeNull();
    // Shown again (after a cancelled link, say), the button does not resend the single-use data.
    screen.unmount();
    await render(<TelegramButton config={CONFIG} onReply={() => undefined} />);
    await expect.element(page.getByRole('button', { name: 'Log in with Telegram' })).toBeEnabled();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('telegramAuthUrl', () => {
  it('opens the OAuth page for the bot with this origin and return address', () => {
    const url = new URL(
      telegramAuthUrl(
        { ...CONFIG, oauthOrigin: 'https://oauth.telegram.org' },
        'https://x.example',
        'https://x.example/de/login?a=1',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://oauth.telegram.org/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      bot_id: '7000000001',
      origin: 'https://x.example',
      request_access: 'write',
      return_to: 'https://x.example/de/login?a=1',
    });
  });
});
