import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../../i18n/i18n';
import { closeToast, TOAST_GAP, TOAST_OFFSET, toastState } from './toast-state';
import { ToastItem } from './ToastItem';
import './toast.css';

/** True while a modal dialog is open: Escape then belongs to the dialog. */
function hasOpenDialog(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"], dialog[open]') !== null;
}

export interface ToasterProps {
  className?: string;
}

/**
 * Renders the toast stack (spec §4, §9): fixed, centred, the oldest 100 px from the
 * top and each next one 16 px below the one above; when one closes, the rest move up.
 * Mount once, near the root of the app.
 */
export function Toaster({ className }: ToasterProps) {
  const t = useT();
  const { toasts } = useSnapshot(toastState);
  const regionRef = useRef<HTMLElement>(null);
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(new Map());

  const onHeight = useCallback((id: number, height: number) => {
    setHeights((previous) => {
      if (previous.get(id) === height) return previous;
      const next = new Map(previous);
      next.set(id, height);
      return next;
    });
  }, []);

  // Forget the heights of toasts that have closed.
  useEffect(() => {
    setHeights((previous) => {
      const live = new Set(toasts.map((toast) => toast.id));
      if ([...previous.keys()].every((id) => live.has(id))) return previous;
      return new Map([...previous].filter(([id]) => live.has(id)));
    });
  }, [toasts]);

  // Escape closes the newest toast when focus is in the region, or anywhere when no dialog is open.
  // A widget that handles Escape itself (a dropdown, a popover) calls preventDefault to keep its toasts.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const newest = toastState.toasts.at(-1);
      if (!newest) return;
      const isInRegion = regionRef.current?.contains(document.activeElement) ?? false;
      if (!isInRegion && hasOpenDialog()) return;
      event.preventDefault();
      closeToast(newest.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  let top = TOAST_OFFSET;
  return (
    <section
      ref={regionRef}
      className={className ? `toaster ${className}` : 'toaster'}
      aria-label={t('toast.region')}
      data-toaster=""
    >
      {toasts.map((toast) => {
        const offset = top;
        top += (heights.get(toast.id) ?? 0) + TOAST_GAP;
        return <ToastItem key={toast.id} toast={toast} offset={offset} onHeight={onHeight} />;
      })}
    </section>
  );
}
