import { describe, expect, it } from 'vitest';
import { ClockOffset } from '../../../../engine/rules/clock-offset';

describe('ClockOffset', () => {
  it('applies R − (tSend + rtt/2) when it differs by more than 1 s', () => {
    const clock = new ClockOffset();
    expect(clock.add({ sentAt: 1000, rtt: 100, serverTime: 11_050 })).toBe(true);
    expect(clock.offset).toBe(10_000);
  });

  it('ignores changes of 1 s or less', () => {
    const clock = new ClockOffset();
    expect(clock.add({ sentAt: 0, rtt: 0, serverTime: 1000 })).toBe(false);
    expect(clock.offset).toBe(0);
  });

  it('prefers the sample with the lowest round trip among the last five', () => {
    const clock = new ClockOffset();
    clock.add({ sentAt: 0, rtt: 10, serverTime: 5005 });
    expect(clock.offset).toBe(5000);
    // A slow sample that suggests a different offset does not win over the fast one.
    clock.add({ sentAt: 0, rtt: 4000, serverTime: 20_000 });
    expect(clock.offset).toBe(5000);
    // Five newer samples push the fast one out; the best of those is used.
    for (let i = 0; i < 5; i += 1) clock.add({ sentAt: 0, rtt: 200 + i, serverTime: 8100 });
    expect(clock.offset).toBe(8000);
  });

  it('drops non-finite and negative samples', () => {
    const clock = new ClockOffset();
    expect(clock.add({ sentAt: Number.NaN, rtt: 1, serverTime: 9e9 })).toBe(false);
    expect(clock.add({ sentAt: 0, rtt: -5, serverTime: 9e9 })).toBe(false);
    expect(clock.offset).toBe(0);
  });

  it('forgets everything on reset', () => {
    const clock = new ClockOffset();
    clock.add({ sentAt: 0, rtt: 0, serverTime: 50_000 });
    clock.reset();
    expect(clock.offset).toBe(0);
  });
});
