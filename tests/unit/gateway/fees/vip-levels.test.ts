import { describe, expect, it } from 'vitest';
import {
  levelForVolume,
  scheduleRates,
  thresholdOf,
  VIP_LEVELS,
  vipLevelOf,
} from '../../../../gateway/fees/vip-levels';
import { MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';

const usdt = (text: string) => unitsOf(text, MONEY_PLACES);

describe('the VIP schedule', () => {
  it('starts at level 0 with the instruments’ own rates and rises in volume while rates never rise', () => {
    expect(VIP_LEVELS[0]).toMatchObject({
      level: 0,
      spot: { volume: '0', maker: '0.001', taker: '0.001' },
      futures: { volume: '0', maker: '0.0002', taker: '0.0006' },
    });
    for (let i = 1; i < VIP_LEVELS.length; i += 1) {
      const [before, row] = [VIP_LEVELS[i - 1]!, VIP_LEVELS[i]!];
      expect(row.level).toBe(i);
      for (const market of ['spot', 'futures'] as const) {
        expect(usdt(row[market].volume) > usdt(before[market].volume)).toBe(true);
        expect(Number(row[market].maker)).toBeLessThanOrEqual(Number(before[market].maker));
        expect(Number(row[market].taker)).toBeLessThanOrEqual(Number(before[market].taker));
        expect(Number(row[market].maker)).toBeLessThanOrEqual(Number(row[market].taker));
      }
    }
  });
});

describe('levelForVolume', () => {
  it('gives a level from its threshold on, and the level below one unit short of it', () => {
    expect(levelForVolume('spot', 0n)).toBe(0);
    expect(levelForVolume('spot', usdt('500000') - 1n)).toBe(0);
    expect(levelForVolume('spot', usdt('500000'))).toBe(1);
    expect(levelForVolume('spot', usdt('1999999.99999999'))).toBe(1);
    expect(levelForVolume('spot', usdt('2000000'))).toBe(2);
    expect(levelForVolume('futures', usdt('4999999.99999999'))).toBe(0);
    expect(levelForVolume('futures', usdt('5000000'))).toBe(1);
  });

  it('stops at the highest level however large the volume', () => {
    const top = VIP_LEVELS.length - 1;
    expect(levelForVolume('spot', usdt('100000000'))).toBe(top);
    expect(levelForVolume('spot', usdt('99999999999999'))).toBe(top);
    expect(thresholdOf('spot', top + 1)).toBeUndefined();
  });
});

describe('vipLevelOf', () => {
  it('takes the higher of the spot and the futures level', () => {
    expect(vipLevelOf({ spot: usdt('2000000'), futures: usdt('5000000') })).toBe(2);
    expect(vipLevelOf({ spot: usdt('10'), futures: usdt('50000000') })).toBe(3);
    expect(vipLevelOf({ spot: 0n, futures: 0n })).toBe(0);
  });
});

describe('scheduleRates', () => {
  it('gives each market the rates of the one level', () => {
    expect(scheduleRates('spot', 1)).toEqual({ maker: '0.0008', taker: '0.0008' });
    expect(scheduleRates('futures', 1)).toEqual({ maker: '0.00016', taker: '0.00054' });
  });
});
