import { createHash } from 'node:crypto';

/*
 * The first paint of the in-app pages (gateway/static/first-paint.ts) brings this style inline; it lives here, beside
 * the Content-Security-Policy that admits it by its hash (security-headers.ts).
 */

/**
 * The first paint's styles, in the page itself (a stylesheet of its own would cost the phone a round trip) and allowed by their
 * hash in the Content-Security-Policy. Rows are blocks whose two figures are plain inline text spread apart by
 * justification (not flex items): each row is one piece of text, as the book is one picture on the live screen.
 * While it shows, the app's own render underneath is laid out but not painted; after 15 s (no script, a failed
 * load) the animations give the page back.
 */
export const FIRST_PAINT_STYLE = [
  '.first-paint{position:absolute;inset-block-start:0;inset-inline:0;max-inline-size:480px;margin-inline:auto;z-index:3;',
  'min-block-size:100vh;background:var(--color-bg);color:var(--color-text);font-variant-numeric:tabular-nums;',
  'animation:first-paint-gone 0s 15s forwards}',
  '.first-paint~#root{visibility:hidden;animation:first-paint-back 0s 15s forwards}',
  '@keyframes first-paint-gone{to{visibility:hidden}}@keyframes first-paint-back{to{visibility:visible}}',
  '.first-paint__nav{block-size:45px;box-sizing:border-box;background:var(--color-surface);border-block-end:1px solid var(--color-border)}',
  '.first-paint__ticker{margin:4px;padding:12px;border-radius:8px;background:var(--color-surface)}',
  '.first-paint__pair{margin-block-end:8px;font-size:1.25rem;font-weight:700}',
  '.first-paint__last{font-size:1.25rem;font-weight:600;margin-inline-end:16px}.first-paint__ticker span{unicode-bidi:isolate}',
  '.first-paint__book{margin:4px;padding:96px 8px 8px;border-radius:8px;background:var(--color-surface);font-size:0.75rem;line-height:17px}',
  '.first-paint__row{text-align:justify;text-align-last:justify}',
  '.first-paint__spread{block-size:26px;line-height:26px;font-size:0.875rem;font-weight:600}',
  '.first-paint--up{color:var(--color-up)}.first-paint--down{color:var(--color-down)}',
  '.first-paint__bar{display:block;inline-size:96px;block-size:1em;border-radius:4px;background:var(--color-skeleton)}',
  '.first-paint__title{margin:16px;font-size:1.75rem}',
  '.first-paint__card{margin:0 16px 16px;padding:16px;border:1px solid var(--color-border);border-radius:8px;background:var(--color-surface)}',
  '.first-paint__total{margin:16px 0 0;font-size:24px;line-height:36px;font-weight:700}',
  '.first-paint__accounts{display:flex;justify-content:space-between;line-height:56px}',
  '.first-paint__names{display:flex;flex-direction:column;justify-content:space-around}',
  '.first-paint__figures{text-align:end;font-size:0.875rem}',
].join('');

/** The style's CSP source expression (`'sha256-…'`), for `style-src`. */
export const FIRST_PAINT_STYLE_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_STYLE).digest('base64')}'`;
