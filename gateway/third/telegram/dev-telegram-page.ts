import { escapeHtml } from '../../auth/dev-mailbox/dev-mailbox-page';

/** The stylesheet of the dev Telegram page, served same-origin because the CSP forbids inline style. */
export const DEV_TELEGRAM_CSS = `body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f1f3f5;color:#1b1f24}
main{max-width:380px;margin:48px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 4px}p.note{color:#555;font-size:13px}label{display:block;margin:14px 0 4px;font-weight:600}
input{box-sizing:border-box;width:100%;padding:9px 10px;border:1px solid #c7ccd1;border-radius:8px;font:inherit}
button{margin-top:20px;width:100%;padding:11px;border:0;border-radius:8px;background:#54a9eb;color:#fff;font:600 15px system-ui,sans-serif;cursor:pointer}
a.cancel{display:block;margin-top:12px;text-align:center;color:#555}
`;

/** What the dev Telegram form is rendered with. */
export interface DevTelegramForm {
  botName: string;
  botId: string;
  origin: string;
  returnTo: string;
  /** Where the form posts to, and its stylesheet. */
  action: string;
  cssPath: string;
}

/** The defaults the form offers: a fixed test user. */
export const DEV_TELEGRAM_USER = { id: '100000001', firstName: 'Dev', username: 'dev_tg_user' } as const;

/**
 * Renders the page that plays oauth.telegram.org in local mode: who to log in as, then back to the site with a
 * signed `#tgAuthResult` (no script, no inline style, so the gateway's CSP holds).
 */
export function renderDevTelegramPage(form: DevTelegramForm): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const field = (name: string, label: string, value: string, extra = '') =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(value)}"${extra}>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in with Telegram (dev)</title>
<link rel="stylesheet" href="${escapeHtml(form.cssPath)}">
</head>
<body>
<main>
<h1>Log in to ${escapeHtml(form.origin)}</h1>
<p class="note">Local mode only: this page stands in for Telegram. It signs the login with the dev bot
@${escapeHtml(form.botName)}, so it is accepted only by a gateway in local mode.</p>
<form method="post" action="${escapeHtml(form.action)}">
${hidden('bot_id', form.botId)}${hidden('origin', form.origin)}${hidden('return_to', form.returnTo)}
${field('id', 'Telegram user id', DEV_TELEGRAM_USER.id, ' inputmode="numeric" pattern="[1-9][0-9]{0,15}" required')}
${field('first_name', 'First name', DEV_TELEGRAM_USER.firstName, ' maxlength="64" required')}
${field('username', 'Username (optional)', DEV_TELEGRAM_USER.username, ' maxlength="32" pattern="[A-Za-z0-9_]{0,32}"')}
<button type="submit">Accept</button>
</form>
<a class="cancel" href="${escapeHtml(form.returnTo)}">Cancel</a>
</main>
</body>
</html>
`;
}
