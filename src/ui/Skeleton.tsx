import { useT } from '../i18n/i18n';
import './skeleton.css';

export interface SkeletonProps {
  /** Number of text lines; the last one is shorter. Ignored for `variant="block"`. */
  lines?: number;
  /** `text`: lines of text; `block`: one rectangle (a chart, an image) filling its container. */
  variant?: 'text' | 'block';
  /** Announced to screen readers; defaults to the localized "Loading…". */
  label?: string;
  className?: string;
}

/** A grey placeholder shaped like the content being loaded; the container is aria-busy. */
export function Skeleton({ lines = 3, variant = 'text', label, className }: SkeletonProps) {
  const t = useT();
  const count = variant === 'block' ? 1 : Math.max(1, lines);
  return (
    <div className={['skeleton', `skeleton--${variant}`, className].filter(Boolean).join(' ')} aria-busy="true">
      <span className="sr-only">{label ?? t('common.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder bars, never reordered.
        <span key={index} className="skeleton__bar" aria-hidden="true" />
      ))}
    </div>
  );
}
