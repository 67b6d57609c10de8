import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';

/** A button that shows and hides a panel next to it (the WAI-ARIA disclosure pattern). */
export interface Disclosure {
  isOpen: boolean;
  toggle: () => void;
  /** Hides the panel; focus stays where it is (a link followed, a click elsewhere). */
  close: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
  /** The panel's id, for the button's `aria-controls`. */
  panelId: string;
}

/**
 * State and dismissal of a disclosure: Escape closes it and puts focus back on its button; a press outside button and
 * panel closes it. A dialog opened from inside the panel keeps Escape for itself, and the panel stays open under it.
 */
export function useDisclosure(): Disclosure {
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const toggle = useCallback(() => setOpen((open) => !open), []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!isOpen) return;
    const isInDialog = (target: EventTarget | null) =>
      target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"], [data-toaster]') !== null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isInDialog(event.target)) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || isInDialog(target)) return;
      if (buttonRef.current?.contains(target) || panelRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  return { isOpen, toggle, close, buttonRef, panelRef, panelId };
}
