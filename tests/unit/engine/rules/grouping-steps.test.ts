import { describe, expect, it } from 'vitest';
import { groupingSteps } from '../../../../engine/rules/grouping-steps';

describe('groupingSteps', () => {
  it('lists the tick and its multiples of ten', () => {
    expect(groupingSteps(1)).toEqual(['0.1', '1', '10', '100']);
    expect(groupingSteps(2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps(0, { count: 3 })).toEqual(['1', '10', '100']);
    expect(groupingSteps(8, { count: 2 })).toEqual(['0.00000001', '0.0000001']);
  });

  it('starts from a tick of several units of the last decimal', () => {
    expect(groupingSteps(2, { endStep: 5 })).toEqual(['0.05', '0.5', '5', '50']);
  });

  it('refuses precisions and counts it cannot list', () => {
    expect(() => groupingSteps(-1)).toThrow(RangeError);
    expect(() => groupingSteps(1.5)).toThrow(RangeError);
    expect(() => groupingSteps(19)).toThrow(RangeError);
    expect(() => groupingSteps(2, { count: 0 })).toThrow(RangeError);
    expect(() => groupingSteps(2, { endStep: 0 })).toThrow(RangeError);
  });
});
