/**
 * Ends the current task and resumes in a new one, so two pieces of main-thread work (say, a header
 * update and a page change) are two short tasks instead of one long one.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves in a task after the next frame is painted: work that must not delay what that frame shows. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
