import { useEffect, useMemo, useRef } from 'react';
import { HOSTED_PATH_ATTRIBUTE } from '../platform/image-host-source';
import { sanitizeHtml } from '../platform/sanitize-html';
import { placeHostedImages } from './place-hosted-images';
import './rich-text.css';

export interface RichTextProps {
  /** Untrusted HTML (announcements, coin descriptions); only what the §5 sanitizer keeps is shown. */
  html: string;
  className?: string;
}

/**
 * Shows rich text from the gateway (spec §5): the one place in src/ that sets HTML, always through the `app-html`
 * Trusted Types policy (src/platform/sanitize-html.ts), so nothing else reaches the sink. Its images served under
 * `/img/` load from the session's fastest image host, like coin icons (spec §7.8).
 */
export function RichText({ html, className }: RichTextProps) {
  const content = useMemo(() => ({ __html: sanitizeHtml(html) }), [html]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    return content && root ? placeHostedImages(root, HOSTED_PATH_ATTRIBUTE) : undefined;
  }, [content]);
  return (
    <div
      ref={box}
      className={['rich-text', className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the value is TrustedHTML from the sanitizing policy.
      dangerouslySetInnerHTML={content}
    />
  );
}
