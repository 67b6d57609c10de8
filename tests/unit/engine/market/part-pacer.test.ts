import { describe, expect, it } from 'vitest';
import { PartPacer } from '../../../../engine/market/part-pacer';

function pacer(intervalMs: number, graceMs = 0, slackMs = 0) {
  let now = 0;
  const timers: { at: number; callback: () => void }[] = [];
  let wakes = 0;
  const clock = {
    now: () => now,
    setTimeout: (callback: () => void, ms: number) => {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle: unknown) => {
      const at = timers.indexOf(handle as (typeof timers)[number]);
      if (at >= 0) timers.splice(at, 1);
    },
  };
  const part = new PartPacer(intervalMs, clock, () => (wakes += 1), graceMs, slackMs);
  return {
    part,
    at: (ms: number) => (now = ms),
    /** When the pending wake-up would fire, or null. */
    wakeAt: () => timers[0]?.at ?? null,
    wakes: () => wakes,
  };
}

describe('PartPacer', () => {
  it('lets a part through once per interval, and wakes the feed when a held one is due, after the grace', () => {
    const p = pacer(1000, 100);
    expect(p.part.admit()).toBe(true);
    p.at(400);
    expect(p.part.admit()).toBe(false);
    expect(p.wakeAt()).toBe(1100);
    p.at(1000);
    expect(p.part.admit()).toBe(true);
    // Sent by a fresh message: the wake-up is dropped.
    expect(p.wakeAt()).toBeNull();
  });

  it('lets an urgent part through at once', () => {
    const p = pacer(1000);
    expect(p.part.admit()).toBe(true);
    p.at(10);
    expect(p.part.admit({ isUrgent: true })).toBe(true);
  });

  it('with slack, lets a part through that comes that little early: a push once per interval is never held', () => {
    const strict = pacer(1000, 100);
    const slack = pacer(1000, 100, 20);
    // The last part left in a frame 12 ms after its push; the next push, 1,004 ms after the previous one, is
    // seen 992 ms after that frame.
    strict.part.admit();
    slack.part.admit();
    strict.at(992);
    slack.at(992);
    expect(strict.part.admit()).toBe(false);
    expect(slack.part.admit()).toBe(true);
    // Slack is not a second interval: a part 50 ms early still waits.
    slack.at(992 + 950);
    expect(slack.part.admit()).toBe(false);
  });

  it('holds a due part that is not fresh for the next message, up to the grace, and then sends it as it is', () => {
    const p = pacer(250, 100, 20);
    expect(p.part.admit()).toBe(true);
    // A push at 200 ms is held; the book's frames pass the interval's end at 251 and 268 ms with no new push.
    p.at(200);
    expect(p.part.admit()).toBe(false);
    p.at(251);
    expect(p.part.admit({ isFresh: false })).toBe(false);
    p.at(268);
    expect(p.part.admit({ isFresh: false })).toBe(false);
    // The next push (300 ms) carries it out, fresh.
    p.at(300);
    expect(p.part.admit({ isFresh: true })).toBe(true);
    expect(p.wakeAt()).toBeNull();
  });

  it('sends a stale due part when the grace runs out with no message, from its wake-up', () => {
    const p = pacer(250, 100, 20);
    p.part.admit();
    p.at(200);
    expect(p.part.admit()).toBe(false);
    expect(p.wakeAt()).toBe(350);
    p.at(300);
    expect(p.part.admit({ isFresh: false })).toBe(false);
    p.at(350);
    expect(p.part.admit({ isFresh: false })).toBe(true);
    expect(p.wakes()).toBe(0);
  });

  it('never lets a fresh part through before its interval, and lets an urgent stale one through at once', () => {
    const p = pacer(250, 100, 20);
    p.part.admit();
    p.at(100);
    expect(p.part.admit({ isFresh: true })).toBe(false);
    expect(p.part.admit({ isFresh: false, isUrgent: true })).toBe(true);
  });
});
