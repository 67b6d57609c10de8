import type { MailboxEntry } from './dev-mailbox';

/** The stylesheet of the mailbox page, served same-origin because the CSP forbids inline style. */
export const MAILBOX_CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24;background:#fafafa}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd}
th{background:#eee}td.code{font:600 16px ui-monospace,monospace;letter-spacing:2px}p.note{color:#555}
`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function row(entry: MailboxEntry): string {
  const cells = [new Date(entry.createdAt).toISOString(), entry.channel, entry.target, entry.scene].map(
    (cell) => `<td>${escapeHtml(cell)}</td>`,
  );
  cells.push(`<td class="code">${escapeHtml(entry.code ?? '—')}</td>`, `<td>${escapeHtml(entry.text)}</td>`);
  return `<tr>${cells.join('')}</tr>`;
}

/** Renders the dev mailbox as a plain HTML page (no script, no inline style; refreshes itself every 5 s). */
export function renderMailboxPage(entries: readonly MailboxEntry[], cssPath: string): string {
  const body =
    entries.length === 0
      ? '<p class="note">No messages yet. Ask for a code in the app and it appears here.</p>'
      : `<table><thead><tr><th>Time (UTC)</th><th>Channel</th><th>Target</th><th>Scene</th><th>Code</th><th>Message</th></tr></thead><tbody>${entries.map(row).join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="5">
<title>Dev mailbox</title>
<link rel="stylesheet" href="${escapeHtml(cssPath)}">
</head>
<body>
<h1>Dev mailbox</h1>
<p class="note">Local mode only: every verification code the gateway would email or text, newest first.</p>
${body}
</body>
</html>
`;
}
