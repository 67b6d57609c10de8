import { Fragment, type ReactNode } from 'react';
import type { MessageKey, Translate } from '../i18n/i18n';

/** Private-use characters no translation contains: where each figure goes in the translated sentence. */
const MARK_BASE = 0xe000;

/**
 * A translated sentence with its figures ("$9,999.82", "2026-10-28", "0.28 BTC") each set left to right in its own
 * `<bdi>`, so in Arabic the sentence reads right to left while a figure never has its sign, unit or digits reordered.
 */
export function LtrFigures({
  t,
  messageKey,
  figures,
}: {
  t: Translate;
  messageKey: MessageKey;
  figures: Readonly<Record<string, string>>;
}) {
  const names = Object.keys(figures);
  const marks = Object.fromEntries(names.map((name, i) => [name, String.fromCharCode(MARK_BASE + i)]));
  const parts: ReactNode[] = [];
  let text = '';
  for (const char of t(messageKey, marks)) {
    const index = char.charCodeAt(0) - MARK_BASE;
    if (index < 0 || index >= names.length) {
      text += char;
      continue;
    }
    if (text) parts.push(text);
    text = '';
    parts.push(
      <bdi key={parts.length} dir="ltr" className="asset-figure">
        {figures[names[index]!]}
      </bdi>,
    );
  }
  if (text) parts.push(text);
  return <Fragment>{parts}</Fragment>;
}
