import { escapeHtml } from '../../auth/dev-mailbox/dev-mailbox-page';
import type { OidcProvider } from './oidc-settings';

/** The stylesheet of the dev provider's page, served same-origin because the CSP forbids inline style. */
export const DEV_OIDC_CSS = `body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f1f3f5;color:#1b1f24}
main{max-width:380px;margin:48px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 4px}p.note{color:#555;font-size:13px}label{display:block;margin:14px 0 4px;font-weight:600}
input[type=email]{box-sizing:border-box;width:100%;padding:9px 10px;border:1px solid #c7ccd1;border-radius:8px;font:inherit}
label.check{font-weight:400}
button{margin-top:20px;width:100%;padding:11px;border:0;border-radius:8px;background:#1b1f24;color:#fff;font:600 15px system-ui,sans-serif;cursor:pointer}
`;

/** What the dev provider's sign-in form is rendered with. */
export interface DevOidcForm {
  provider: OidcProvider;
  /** The client's site, shown to the person. */
  clientOrigin: string;
  /** Where the form posts to, and its stylesheet. */
  action: string;
  cssPath: string;
}

const NAMES: Record<OidcProvider, string> = { google: 'Google', apple: 'Apple' };

/**
 * Renders the page that plays Google's or Apple's sign-in in local mode: any email signs in (no password); Apple's
 * offers "Hide my email", which hands out a relay address. No script, no inline style, so the gateway's CSP holds.
 */
export function renderDevOidcPage(form: DevOidcForm): string {
  const name = NAMES[form.provider];
  const hide =
    form.provider === 'apple'
      ? '<label class="check"><input type="checkbox" name="hide" value="1"> Hide my email (relay address)</label>'
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${name} (dev)</title>
<link rel="stylesheet" href="${escapeHtml(form.cssPath)}">
</head>
<body>
<main>
<h1>Sign in with ${name}</h1>
<p class="note">Local mode only: this page stands in for ${name}, for ${escapeHtml(form.clientOrigin)}. Any email
signs in; the ID token is signed by the gateway's own dev provider, accepted only in local mode.</p>
<form method="post" action="${escapeHtml(form.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" maxlength="254" autocomplete="email" required>
${hide}
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}
