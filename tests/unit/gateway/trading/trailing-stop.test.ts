import { describe, expect, it } from 'vitest';
import { trailStep } from '../../../../gateway/trading/trailing-stop';

describe('trailStep', () => {
  const sell = { side: 'sell' as const, triggerUp: true, triggerPrice: 1000n, callbackBps: 100 };

  it('does nothing before the trigger is reached, nor on a price of 0', () => {
    expect(trailStep(sell, 999n)).toEqual({ trackPrice: undefined, fires: false });
    expect(trailStep({ ...sell, trackPrice: 1010n }, 0n)).toEqual({ trackPrice: 1010n, fires: false });
  });

  it('a sell keeps the highest price from its trigger and fires at a 1 % pullback from it', () => {
    let step = trailStep(sell, 1000n);
    expect(step).toEqual({ trackPrice: 1000n, fires: false });
    step = trailStep({ ...sell, trackPrice: step.trackPrice }, 1100n);
    expect(step).toEqual({ trackPrice: 1100n, fires: false });
    expect(trailStep({ ...sell, trackPrice: 1100n }, 1090n)).toEqual({ trackPrice: 1100n, fires: false });
    expect(trailStep({ ...sell, trackPrice: 1100n }, 1089n)).toEqual({ trackPrice: 1100n, fires: true });
  });

  it('a buy keeps the lowest price from its trigger and fires at a rise of the callback from it', () => {
    const buy = { side: 'buy' as const, triggerUp: false, triggerPrice: 1000n, callbackBps: 250 };
    expect(trailStep(buy, 1001n).trackPrice).toBeUndefined();
    expect(trailStep(buy, 950n)).toEqual({ trackPrice: 950n, fires: false });
    expect(trailStep({ ...buy, trackPrice: 900n }, 922n)).toEqual({ trackPrice: 900n, fires: false });
    expect(trailStep({ ...buy, trackPrice: 900n }, 923n)).toEqual({ trackPrice: 900n, fires: true });
  });
});
