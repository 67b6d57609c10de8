import { describe, expect, it } from 'vitest';
import { MAX_PAINT_SAMPLES, PaintLatencyProbe } from '../../../../engine/market/paint-latency-probe';

function probe() {
  let now = 0;
  const pending: (() => void)[] = [];
  const paint = new PaintLatencyProbe({ afterPaint: (callback) => pending.push(callback), now: () => now });
  return {
    paint,
    /** The paint shows `ms` after it was asked for. */
    show(ms: number) {
      now += ms;
      for (const callback of pending.splice(0)) callback();
    },
    at: (ms: number) => (now = ms),
  };
}

describe('PaintLatencyProbe', () => {
  it('keeps nothing while off', () => {
    const p = probe();
    p.paint.painted(100);
    p.show(5);
    expect(p.paint.take()).toEqual([]);
  });

  it('keeps the ms from the newest message to the frame that shows the paint, and empties on take', () => {
    const p = probe();
    p.paint.measure(true);
    p.at(1000);
    p.paint.painted(990);
    // A paint with no new message (a regrouping) is not timed.
    p.paint.painted(0);
    p.show(16);
    expect(p.paint.take()).toEqual([26]);
    expect(p.paint.take()).toEqual([]);
    p.paint.measure(false);
    p.paint.painted(990);
    p.show(16);
    expect(p.paint.take()).toEqual([]);
  });

  it(`keeps at most ${MAX_PAINT_SAMPLES} samples between two takes`, () => {
    const p = probe();
    p.paint.measure(true);
    for (let i = 0; i < MAX_PAINT_SAMPLES + 10; i += 1) {
      p.paint.painted(1);
      p.show(0);
    }
    expect(p.paint.take()).toHaveLength(MAX_PAINT_SAMPLES);
  });
});
