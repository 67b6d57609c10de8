import { describe, expect, it, vi } from 'vitest';
import { createFrameScheduler, frameClock } from '../../../../engine/market/frame-scheduler';

describe('createFrameScheduler', () => {
  it('flushes once per frame however many messages arrive', () => {
    const frames: (() => void)[] = [];
    const flush = vi.fn();
    const scheduler = createFrameScheduler((callback) => frames.push(callback), flush);
    for (let i = 0; i < 500; i += 1) scheduler.schedule();
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flush).toHaveBeenCalledTimes(1);
    scheduler.schedule();
    expect(frames).toHaveLength(1);
  });

  it('runs nothing after cancel', () => {
    const frames: (() => void)[] = [];
    const flush = vi.fn();
    const scheduler = createFrameScheduler((callback) => frames.push(callback), flush);
    scheduler.schedule();
    scheduler.cancel();
    frames.shift()?.();
    scheduler.schedule();
    expect(flush).not.toHaveBeenCalled();
    expect(frames).toHaveLength(0);
  });
});

describe('frameClock', () => {
  it('uses requestAnimationFrame when the scope has it, else a 16 ms timer', () => {
    const raf = vi.fn();
    const timer = vi.fn();
    frameClock({ requestAnimationFrame: raf, setTimeout: timer })(() => {});
    expect(raf).toHaveBeenCalledTimes(1);
    frameClock({ setTimeout: timer })(() => {});
    expect(timer).toHaveBeenCalledWith(expect.any(Function), 16);
  });
});
