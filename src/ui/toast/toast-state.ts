import { proxy } from 'valtio';

/** Spec §4: the six toast types. */
export const TOAST_TYPES = ['success', 'warning', 'info', 'error', 'question', 'loading'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Spec §9: a toast closes after 3000 ms unless told otherwise. */
export const TOAST_DURATION = 3000;
/** Spec §9: the first toast sits 100 px below the top; toasts are 16 px apart. */
export const TOAST_OFFSET = 100;
export const TOAST_GAP = 16;
/** More than this many toasts would cover the trading screen; the oldest goes first. */
export const TOAST_LIMIT = 5;

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds until it closes by itself; 0 keeps it until closed. */
  duration: number;
  /** The label of the toast's one action button, if it has one (its handler is kept outside the view state). */
  actionLabel?: string;
}

/** A button on a toast ("Reload"): pressing it runs `run` and closes the toast. */
export interface ToastAction {
  label: string;
  run(): void;
}

export interface ToastOptions {
  type: ToastType;
  message: string;
  /** Defaults to 3000 ms, or sticky (0) for `loading`. */
  duration?: number;
  action?: ToastAction;
}

/** The visible toasts, oldest first (view state only; timers live outside the proxy). */
export const toastState = proxy({ toasts: [] as Toast[] });

interface Timer {
  handle?: ReturnType<typeof setTimeout>;
  remaining: number;
  startedAt: number;
  isPaused: boolean;
  isSticky: boolean;
}

const timers = new Map<number, Timer>();
const actions = new Map<number, () => void>();
let nextId = 1;

function defaultDuration(type: ToastType): number {
  return type === 'loading' ? 0 : TOAST_DURATION;
}

function startTimer(id: number, timer: Timer): void {
  clearTimeout(timer.handle);
  timer.handle = undefined;
  if (timer.isPaused || timer.isSticky) return;
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => closeToast(id), timer.remaining);
}

/** (Re)starts a toast's countdown from its full duration, keeping a hover pause in force. */
function restartTimer(toast: Toast): void {
  const timer = timers.get(toast.id) ?? { remaining: 0, startedAt: 0, isPaused: false, isSticky: false };
  timers.set(toast.id, timer);
  timer.remaining = toast.duration;
  timer.isSticky = toast.duration === 0;
  startTimer(toast.id, timer);
}

/** Shows a toast and returns its id. */
export function showToast({ type, message, duration, action }: ToastOptions): number {
  const wanted = Math.max(0, duration ?? defaultDuration(type));
  // The same message of the same type while it is still visible does not stack a
  // duplicate (a retry loop would flood the screen); the visible one restarts its timer.
  const same = toastState.toasts.find((toast) => toast.type === type && toast.message === message);
  if (same) {
    same.duration = wanted;
    if (action) actions.set(same.id, action.run);
    restartTimer(same);
    return same.id;
  }
  const toast: Toast = { id: nextId++, type, message, duration: wanted, actionLabel: action?.label };
  if (action) actions.set(toast.id, action.run);
  toastState.toasts.push(toast);
  restartTimer(toast);
  if (toastState.toasts.length > TOAST_LIMIT) {
    // Drop the oldest, sparing a running `loading` toast when there is another to drop.
    const victim = toastState.toasts.find((t) => t.type !== 'loading') ?? toastState.toasts[0];
    closeToast(victim.id);
  }
  return toast.id;
}

/** Changes a visible toast (e.g. loading → success) and restarts its timer; false when it is gone. */
export function updateToast(id: number, patch: Partial<ToastOptions>): boolean {
  const toast = toastState.toasts.find((t) => t.id === id);
  if (!toast) return false;
  if (patch.type) toast.type = patch.type;
  if (patch.message !== undefined) toast.message = patch.message;
  if (patch.duration !== undefined) toast.duration = Math.max(0, patch.duration);
  else if (patch.type) toast.duration = defaultDuration(patch.type);
  restartTimer(toast);
  return true;
}

/** Runs a toast's action and closes it; nothing when it has none or is gone. */
export function runToastAction(id: number): void {
  const run = actions.get(id);
  closeToast(id);
  run?.();
}

/** Closes a toast; closing one that is already gone does nothing. */
export function closeToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer.handle);
  timers.delete(id);
  actions.delete(id);
  const index = toastState.toasts.findIndex((t) => t.id === id);
  if (index >= 0) toastState.toasts.splice(index, 1);
}

/** Closes every toast (e.g. on sign-out). */
export function closeAllToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer.handle);
  timers.clear();
  actions.clear();
  toastState.toasts.splice(0);
}

/** Stops a toast's countdown (pointer over it, or focus inside it), keeping the time left. */
export function pauseToast(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.isPaused) return;
  timer.isPaused = true;
  if (timer.handle !== undefined) {
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  }
}

/** Resumes a paused countdown with the time that was left. */
export function resumeToast(id: number): void {
  const timer = timers.get(id);
  if (!timer?.isPaused) return;
  timer.isPaused = false;
  startTimer(id, timer);
}

type Shorthand = (message: string, duration?: number) => number;

/** `toast.success('Saved')` and friends: showToast with the type filled in. */
export const toast = Object.fromEntries(
  TOAST_TYPES.map((type) => [type, (message: string, duration?: number) => showToast({ type, message, duration })]),
) as Record<ToastType, Shorthand>;
