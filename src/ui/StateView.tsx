import { useT } from '../i18n/i18n';
import { Button } from './Button';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import './state-view.css';

export type ViewState = 'loading' | 'empty' | 'error' | 'offline';

export interface StateViewProps {
  state: ViewState;
  /** What to tell the user; each state has a localized default. */
  message?: string;
  /** When given, a retry button is shown (not while loading). */
  onRetry?: () => void;
  /** Defaults to the localized "Retry". */
  retryLabel?: string;
  className?: string;
}

/** What a panel shows instead of its data: loading, empty, failed or offline (architecture principle 2). */
export function StateView({ state, message, onRetry, retryLabel, className }: StateViewProps) {
  const t = useT();
  const text =
    message ??
    t(
      state === 'loading'
        ? 'common.loading'
        : state === 'empty'
          ? 'common.empty'
          : state === 'offline'
            ? 'error.offline'
            : 'error.unknow',
    );
  const classes = ['state-view', `state-view--${state}`, className].filter(Boolean).join(' ');
  const isProblem = state === 'error' || state === 'offline';
  return (
    <div
      className={classes}
      role={state === 'error' ? 'alert' : 'status'}
      aria-busy={state === 'loading' || undefined}
      data-state={state}
    >
      {state === 'loading' ? (
        <Spinner size="lg" className="state-view__icon" />
      ) : (
        <Icon name={state === 'error' ? 'error' : state} size={40} className="state-view__icon" />
      )}
      <p className="state-view__message">{text}</p>
      {onRetry && state !== 'loading' && (
        <Button variant={isProblem ? 'primary' : 'secondary'} size="sm" onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </Button>
      )}
    </div>
  );
}
