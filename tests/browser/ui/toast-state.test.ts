import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeAllToasts,
  closeToast,
  pauseToast,
  resumeToast,
  showToast,
  TOAST_LIMIT,
  toast,
  toastState,
  updateToast,
} from '../../../src/ui/toast/toast-state';

const messages = () => toastState.toasts.map((t) => t.message);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  closeAllToasts();
  vi.useRealTimers();
});

describe('showToast', () => {
  it('closes after the default 3000 ms', () => {
    showToast({ type: 'success', message: 'Saved' });
    vi.advanceTimersByTime(2999);
    expect(messages()).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('honours a given duration, and duration 0 stays until closed', () => {
    const sticky = showToast({ type: 'info', message: 'Sticky', duration: 0 });
    showToast({ type: 'info', message: 'Short', duration: 500 });
    vi.advanceTimersByTime(500);
    expect(messages()).toEqual(['Sticky']);
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['Sticky']);
    closeToast(sticky);
    expect(messages()).toEqual([]);
  });

  it('keeps a loading toast until it is updated, then closes it after the default duration', () => {
    const id = toast.loading('Placing order');
    vi.advanceTimersByTime(60_000);
    expect(toastState.toasts).toMatchObject([{ type: 'loading', message: 'Placing order' }]);
    expect(updateToast(id, { type: 'success', message: 'Order placed' })).toBe(true);
    expect(toastState.toasts).toMatchObject([{ id, type: 'success', message: 'Order placed' }]);
    vi.advanceTimersByTime(3000);
    expect(messages()).toEqual([]);
    expect(updateToast(id, { message: 'gone' })).toBe(false);
  });

  it('does not stack the same message and type while visible; it restarts the timer', () => {
    const first = toast.error('Network error');
    vi.advanceTimersByTime(2000);
    const second = toast.error('Network error');
    expect(second).toBe(first);
    expect(messages()).toEqual(['Network error']);
    vi.advanceTimersByTime(2999);
    expect(messages()).toEqual(['Network error']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
    // Same text with another type is a different toast.
    toast.error('Same');
    toast.warning('Same');
    expect(toastState.toasts).toHaveLength(2);
  });

  it(`caps the stack at ${TOAST_LIMIT}, dropping the oldest`, () => {
    for (let i = 1; i <= TOAST_LIMIT + 2; i++) toast.info(`Message ${i}`);
    expect(messages()).toEqual(['Message 3', 'Message 4', 'Message 5', 'Message 6', 'Message 7']);
  });

  it('spares a running loading toast when the cap is reached', () => {
    toast.loading('Working');
    for (let i = 1; i <= TOAST_LIMIT; i++) toast.info(`Message ${i}`);
    expect(messages()[0]).toBe('Working');
    expect(toastState.toasts).toHaveLength(TOAST_LIMIT);
  });
});

describe('pauseToast / resumeToast', () => {
  it('resumes with the time that was left', () => {
    const id = showToast({ type: 'success', message: 'Saved', duration: 1000 });
    vi.advanceTimersByTime(600);
    pauseToast(id);
    vi.advanceTimersByTime(10_000);
    expect(messages()).toEqual(['Saved']);
    resumeToast(id);
    vi.advanceTimersByTime(399);
    expect(messages()).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });
});
