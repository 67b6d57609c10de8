import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
 * Where the stack starts: 100 px from the top (spec §9), or 16 px below the page's main heading (in viewport
 * coordinates) when that heading reaches further down, as under a wrapped header on a phone, so a toast never
 * covers what page the user is on.
 */
export function stackTopFor(heading: Pick<DOMRect, 'top' | 'bottom'> | null): number {
  if (!heading || heading.bottom <= TOAST_OFFSET) return TOAST_OFFSET;
  return Math.ceil(heading.bottom) + TOAST_GAP;
}

/**
 * Renders the toast stack (spec §4, §9): fixed, centred, the oldest 100 px from the
 * top (or below the page heading, see {@link stackTopFor}) and each next one 16 px below the one above; when one
 * closes, the rest move up. Mount once, near the root of the app.
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

  // Read the heading's place once when a stack starts (one layout read per stack, never per frame).
  const [stackTop, setStackTop] = useState(TOAST_OFFSET);
  const hasToasts = toasts.length > 0;
  useLayoutEffect(() => {
    if (!hasToasts) return;
    setStackTop(stackTopFor(document.querySelector('main h1')?.getBoundingClientRect() ?? null));
  }, [hasToasts]);

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

  let top = stackTop;
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
