import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('../../../src/ui/page-shown');
}

describe('afterPageShown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the page to show its figures, then lets every waiter go at once', async () => {
    vi.useFakeTimers();
    const { afterPageShown, markPageShown } = await freshModule();
    const started: string[] = [];
    void afterPageShown(2000).then(() => started.push('risk'));
    void afterPageShown(2000).then(() => started.push('referral'));
    await vi.advanceTimersByTimeAsync(1500);
    expect(started).toEqual([]);
    markPageShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['risk', 'referral']);
    // Later waiters go at once; later marks change nothing.
    markPageShown();
    await expect(afterPageShown(2000)).resolves.toBeUndefined();
  });

  it('lets the work start after the fallback delay on a page that never marks', async () => {
    vi.useFakeTimers();
    const { afterPageShown } = await freshModule();
    let started = false;
    void afterPageShown(2000).then(() => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
  });
});
