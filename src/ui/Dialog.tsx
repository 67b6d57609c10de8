import { type MouseEvent, type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/i18n';
import { Button } from './Button';
import { getTabbable } from './focusable';
import { Icon } from './Icon';
import { lockBodyScroll } from './scroll-lock';
import './dialog.css';

/** Spec §9 dialog widths: sm 396, md 480, lg 640, xl 720 px. */
export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

/** Open dialogs, innermost last: only the top one traps focus and answers Escape. */
const openDialogs: object[] = [];

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button, and (when dismissible) a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  /** The body. */
  children?: ReactNode;
  /** Actions, laid out at the inline end. */
  footer?: ReactNode;
  size?: DialogSize;
  /** false: a click on the backdrop does not close (Escape and the close button still do). */
  dismissible?: boolean;
  /** What gets focus on open; defaults to `[data-autofocus]`, then the first control of body or footer. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

/** A modal dialog in a portal (spec §4, §9): focus moves in, is trapped, and returns to the opener. */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  children,
  footer,
  size = 'md',
  dismissible = true,
  initialFocus,
  className,
}: DialogProps) {
  const t = useT();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const isPressOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once per opening; initialFocus is read at open only.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const token = {};
    openDialogs.push(token);
    const isTop = () => openDialogs.at(-1) === token;
    const unlockScroll = lockBodyScroll();

    const firstInContent = getTabbable(panel).find((element) => !element.closest('.dialog__header'));
    const target = initialFocus?.current ?? panel.querySelector<HTMLElement>('[data-autofocus]') ?? firstInContent;
    (target ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const tabbable = getTabbable(panel);
      const first = tabbable[0];
      const last = tabbable.at(-1);
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a click outside, a script) is pulled back; the toast region is exempt.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!isTop() || !(target instanceof Element)) return;
      if (panel.contains(target) || target.closest('[data-toaster]')) return;
      (getTabbable(panel)[0] ?? panel).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    isPressOnBackdrop.current = event.target === event.currentTarget;
    // Keep focus inside the dialog when the backdrop is pressed.
    if (isPressOnBackdrop.current) event.preventDefault();
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    // Both press and release on the backdrop: a text selection dragged out of the panel is not a dismissal.
    const isBackdropClick = isPressOnBackdrop.current && event.target === event.currentTarget;
    isPressOnBackdrop.current = false;
    if (isBackdropClick && dismissible) onClose();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience; Escape is the keyboard way out.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (handled on the document) is the keyboard equivalent.
    <div className="dialog-backdrop" onMouseDown={onBackdropMouseDown} onClick={onBackdropClick}>
      <div
        ref={panelRef}
        className={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <Button
            variant="plain"
            shape="circle"
            size="sm"
            className="dialog__close"
            aria-label={t('common.close')}
            icon={<Icon name="close" />}
            onClick={onClose}
          />
        </header>
        <div className="dialog__body">{children}</div>
        {footer != null && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </div>
  );
}
