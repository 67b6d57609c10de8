/**
 * Coalesces stream messages into at most one display frame per animation frame: the market worker calls
 * `schedule()` on every message and `flush` runs once on the next frame, however many messages came in between.
 */
export interface FrameScheduler {
  schedule(): void;
  /** Stops; a pending flush does not run. */
  cancel(): void;
}

/** `requestFrame` is the worker's `requestAnimationFrame` where it has one, else a ~60 Hz timer. */
export function createFrameScheduler(
  requestFrame: (callback: () => void) => unknown,
  flush: () => void,
): FrameScheduler {
  let pending = false;
  let cancelled = false;
  return {
    schedule() {
      if (pending || cancelled) return;
      pending = true;
      requestFrame(() => {
        pending = false;
        if (!cancelled) flush();
      });
    },
    cancel() {
      cancelled = true;
    },
  };
}

/** The frame clock of the scope the code runs in: `requestAnimationFrame` (dedicated workers have it in Chromium and Firefox), else 16 ms. */
export function frameClock(scope: {
  requestAnimationFrame?: (callback: () => void) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
}): (callback: () => void) => unknown {
  if (typeof scope.requestAnimationFrame === 'function') return (callback) => scope.requestAnimationFrame?.(callback);
  return (callback) => scope.setTimeout(callback, 16);
}
