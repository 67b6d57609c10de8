import { t } from '../i18n/i18n';
import { appBridge, mayBeInApp } from './app-bridge';

/**
 * The page's actions that the app does better than the web (contracts/bridge.md §3): share, a calendar entry, the
 * system browser and going back past the first page. Each has its web behaviour, which also runs inside an app too
 * old for the call (the call is then never sent). Deep links are in `app-links.ts`, loaded inside the app only.
 */

/** A sent call that failed: the spec's bridge error text (§8), or the app's own message for an unsuccessful reply. */
export interface AppCallFailure {
  failed: string;
}

const FAILURE_TEXT = {
  'callback-timeout': 'error.appCallbackTimeout',
  'request-timeout': 'error.appRequestTimeout',
  unsuccessful: 'error.appUnsuccessful',
  network: 'error.appNetwork',
  action: 'error.appAction',
} as const;

/** Asks the app: done, not sent (outside the app, too old, a skipped platform), or failed with the text to show. */
async function askApp(
  method: 'share' | 'addCalendarEvent' | 'openBrowser',
  params: Record<string, unknown>,
): Promise<'done' | 'not-sent' | AppCallFailure> {
  if (!mayBeInApp()) return 'not-sent';
  const { BridgeError } = await import('./bridge');
  try {
    const answer = await (await appBridge()).call(method, params);
    return answer.sent ? 'done' : 'not-sent';
  } catch (error) {
    if (!(error instanceof BridgeError)) return { failed: t('error.appAction') };
    return {
      failed: error.kind === 'unsuccessful' && error.appMessage ? error.appMessage : t(FAILURE_TEXT[error.kind]),
    };
  }
}

/** How a share ended: the app's or the system's sheet, the link copied, or a failure with its text. */
export type ShareOutcome = 'shared' | 'copied' | AppCallFailure;

/**
 * Shares a page: the app's native sheet (`share`, 2.8.0); else the browser's (Web Share); else the link copied to
 * the clipboard. A share the user dismissed counts as shared: nothing more is offered. When the app was asked and
 * failed, the failure is told, not papered over with the web's way.
 */
export async function sharePage(content: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  const app = await askApp('share', { type: 'native', ...content });
  if (app === 'done') return 'shared';
  if (app !== 'not-sent') return app;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(content);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  try {
    await navigator.clipboard.writeText(content.url);
    return 'copied';
  } catch {
    return { failed: t('inApp.shareFailed') };
  }
}

/** A calendar entry: what, when (ms), and the page it links to. */
export interface CalendarEntry {
  title: string;
  start: number;
  end: number;
  url: string;
}

/**
 * Adds an entry to the phone's calendar through the app (`addCalendarEvent`, 2.37.0); elsewhere the browser
 * downloads it as an iCalendar file (RFC 5545) that any calendar opens. Returns how it went.
 */
export async function addToCalendar(entry: CalendarEntry): Promise<'added' | 'downloaded' | AppCallFailure> {
  const app = await askApp('addCalendarEvent', {
    title: entry.title,
    start: entry.start,
    end: entry.end,
    url: entry.url,
  });
  if (app === 'done') return 'added';
  if (app !== 'not-sent') return app;
  const file = new Blob([icsOf(entry, Date.now())], { type: 'text/calendar' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = 'funding.ics';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
  return 'downloaded';
}

/** UTC time in iCalendar's basic format, e.g. `20261126T080000Z`. */
function icsTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 text escaping: backslash, semicolon, comma and newlines. */
function icsText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** A short stable id of a text (FNV-1a, 32 bits, hex): one calendar entry per funding time and market. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** One VEVENT in a VCALENDAR, CRLF line ends (RFC 5545 §3.1). */
export function icsOf(entry: CalendarEntry, now: number): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//exchange-web//funding//EN',
    'BEGIN:VEVENT',
    `UID:${entry.start}-${fnv1a(`${entry.title}\n${entry.url}`)}@exchange-web`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(entry.start)}`,
    `DTEND:${icsTime(entry.end)}`,
    `SUMMARY:${icsText(entry.title)}`,
    `URL:${entry.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Opens another site: in the phone's browser from the app (`openBrowser`), else in a new tab; null when opened. */
export async function openOutside(url: string): Promise<AppCallFailure | null> {
  const app = await askApp('openBrowser', { url });
  if (app === 'done') return null;
  if (app !== 'not-sent') return app;
  window.open(url, '_blank', 'noopener,noreferrer');
  return null;
}

/**
 * Back: inside the app, at the first page of the webview's history the app closes the webview (`popBack`); else the
 * history goes back, or to `fallback` when this page is the first one of the tab.
 */
export function goBack(fallback: () => void): void {
  const index = (history.state as { __TSR_index?: unknown } | null)?.__TSR_index;
  const atRoot = typeof index !== 'number' || index <= 0;
  if (!atRoot) {
    history.back();
    return;
  }
  if (mayBeInApp()) {
    void appBridge()
      .then((bridge) => bridge.call('popBack'))
      .then((answer) => {
        if (!answer.sent) fallback();
      })
      .catch(() => fallback());
    return;
  }
  fallback();
}
