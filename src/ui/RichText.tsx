import { useMemo } from 'react';
import { sanitizeHtml } from '../platform/sanitize-html';
import './rich-text.css';

export interface RichTextProps {
  /** Untrusted HTML (announcements, coin descriptions); only what the §5 sanitizer keeps is shown. */
  html: string;
  className?: string;
}

/**
 * Shows rich text from the gateway (spec §5): the one place in src/ that sets HTML, always through the `app-html`
 * Trusted Types policy (src/platform/sanitize-html.ts), so nothing else reaches the sink.
 */
export function RichText({ html, className }: RichTextProps) {
  const content = useMemo(() => ({ __html: sanitizeHtml(html) }), [html]);
  return (
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the value is TrustedHTML from the sanitizing policy.
      dangerouslySetInnerHTML={content}
    />
  );
}
