import './spinner.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** When given, the spinner is announced (role="status") with this text; otherwise it is decorative. */
  label?: string;
  className?: string;
}

/** A rotating ring showing that something is in progress. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const classes = ['spinner', `spinner--${size}`, className].filter(Boolean).join(' ');
  if (!label) return <span className={classes} aria-hidden="true" data-spinner="" />;
  return (
    <span className={classes} role="status" data-spinner="">
      <span className="sr-only">{label}</span>
    </span>
  );
}
