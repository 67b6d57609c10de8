import { isPageHidden, onPageVisibility } from '../../../platform/page-visibility';

/** What a poll's handler says next: keep polling, or stop for good. */
export type PollNext = 'continue' | 'stop';

/** A poll of one code. */
export interface QrPollOptions<T> {
  read: () => Promise<T>;
  /** The pause after an answer, in ms. */
  intervalMs: number;
  /** The longest pause after failures, in ms (the pause doubles with each failure in a row). */
  maxBackoffMs: number;
  onResult(result: T): PollNext;
  onError(error: unknown): PollNext;
}

/**
 * Polls while the page is seen: at once, then `intervalMs` after each answer (after a failure the pause doubles, up to
 * `maxBackoffMs`); a hidden tab or a covered app webview pauses it and showing the page again polls at once. One
 * request at a time; returns the function that stops it for good (nothing it reads afterwards is handed on).
 */
export function startQrPoll<T>(options: QrPollOptions<T>): () => void {
  let isStopped = false;
  let isRunning = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pause = () =>
    failures === 0 ? options.intervalMs : Math.min(options.intervalMs * 2 ** failures, options.maxBackoffMs);
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!isStopped && !isPageHidden()) timer = setTimeout(() => void run(), pause());
  };
  const run = async () => {
    timer = undefined;
    if (isStopped || isRunning) return;
    isRunning = true;
    let next: PollNext;
    try {
      const result = await options.read();
      if (isStopped) return;
      failures = 0;
      next = options.onResult(result);
    } catch (error) {
      if (isStopped) return;
      failures += 1;
      next = options.onError(error);
    } finally {
      isRunning = false;
    }
    if (next === 'stop') stop();
    else schedule();
  };
  const stopListening = onPageVisibility(() => {
    if (isPageHidden()) {
      clearTimeout(timer);
      timer = undefined;
    } else if (timer === undefined && !isRunning) void run();
  });
  function stop() {
    isStopped = true;
    clearTimeout(timer);
    timer = undefined;
    stopListening();
  }
  if (!isPageHidden()) void run();
  return stop;
}
