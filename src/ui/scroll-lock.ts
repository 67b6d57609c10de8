let lockCount = 0;
let saved: { overflow: string; paddingInlineEnd: string } | null = null;

/** Stops the page behind a modal from scrolling; returns the unlock function. Nested locks are counted. */
export function lockBodyScroll(): () => void {
  const { body, documentElement } = document;
  if (lockCount === 0) {
    saved = { overflow: body.style.overflow, paddingInlineEnd: body.style.paddingInlineEnd };
    // Keep the layout from jumping when the scrollbar disappears.
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingInlineEnd = `${scrollbar}px`;
    body.style.overflow = 'hidden';
  }
  lockCount += 1;
  let isLocked = true;
  return () => {
    if (!isLocked) return;
    isLocked = false;
    lockCount -= 1;
    if (lockCount === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingInlineEnd = saved.paddingInlineEnd;
      saved = null;
    }
  };
}
