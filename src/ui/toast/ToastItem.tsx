import { type FocusEvent, useId, useLayoutEffect, useRef } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { Spinner } from '../Spinner';
import { closeToast, pauseToast, resumeToast, runToastAction, type Toast } from './toast-state';

export interface ToastItemProps {
  toast: Toast;
  /** Distance from the top of the viewport, computed by the Toaster from the heights above. */
  offset: number;
  onHeight: (id: number, height: number) => void;
}

/**
 * One toast: type icon, message, its action if any, close button; its countdown pauses while hovered or focused.
 * An error toast is headed by spec §8's `tip` text ("Tip"), which also names its alert.
 */
export function ToastItem({ toast, offset, onHeight }: ToastItemProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const isHovered = useRef(false);
  const isFocused = useRef(false);
  const { id, type, message, actionLabel } = toast;

  // Measure before paint so the toasts below never overlap it, and again whenever it resizes.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    onHeight(id, element.offsetHeight);
    const observer = new ResizeObserver(() => onHeight(id, element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, onHeight]);

  const syncPause = () => {
    if (isHovered.current || isFocused.current) pauseToast(id);
    else resumeToast(id);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    isFocused.current = false;
    syncPause();
  };

  const isError = type === 'error';
  const content = (
    <>
      {type === 'loading' ? (
        <Spinner size="sm" className="toast__icon" />
      ) : (
        <Icon name={type} className="toast__icon" />
      )}
      <div className="toast__text">
        {isError && (
          <p className="toast__title" id={titleId}>
            {t('error.tip')}
          </p>
        )}
        <p className="toast__message">
          <span className="sr-only">{t(`toast.${type}`)}: </span>
          {message}
        </p>
      </div>
    </>
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only pause the timer; the close button is the control.
    <div
      ref={ref}
      className={`toast toast--${type}`}
      data-toast-id={id}
      // Dynamic position only (CSSOM, allowed by the CSP); everything else is in toast.css.
      style={{ insetBlockStart: offset }}
      onPointerEnter={() => {
        isHovered.current = true;
        syncPause();
      }}
      onPointerLeave={() => {
        isHovered.current = false;
        syncPause();
      }}
      onFocus={() => {
        isFocused.current = true;
        syncPause();
      }}
      onBlur={onBlur}
    >
      {isError ? (
        <div className="toast__content" role="alert" aria-live="assertive" aria-atomic="true" aria-labelledby={titleId}>
          {content}
        </div>
      ) : (
        <div className="toast__content" role="status" aria-live="polite" aria-atomic="true">
          {content}
        </div>
      )}
      {actionLabel && (
        <Button variant="primary" size="sm" className="toast__action" onClick={() => runToastAction(id)}>
          {actionLabel}
        </Button>
      )}
      <Button
        variant="plain"
        shape="circle"
        size="sm"
        className="toast__close"
        aria-label={t('common.close')}
        icon={<Icon name="close" />}
        onClick={() => closeToast(id)}
      />
    </div>
  );
}
