import { describe, expect, it } from 'vitest';
import type { MarketRowRaw } from '../../../../engine/market/market-rows';
import {
  compareDecimalText,
  nextMarketSort,
  parseMarketSort,
  sortMarketRows,
} from '../../../../engine/rules/market-sort';

const same = <T>(item: T) => item;

const row = (symbol: string, raw: Partial<MarketRowRaw>) => ({
  symbol,
  raw: { last: '1', change: '0', high: '1', low: '1', volume: '1', funding: '0', openInterest: '0', ...raw },
});

describe('compareDecimalText', () => {
  it('orders by value, not by text', () => {
    const values = ['10', '9.5', '-0.5', '0', '-12', '0.05', '100.001', '100.0009', '-0.00'];
    expect([...values].sort(compareDecimalText)).toEqual([
      '-12',
      '-0.5',
      '0',
      '-0.00',
      '0.05',
      '9.5',
      '10',
      '100.0009',
      '100.001',
    ]);
  });

  it('holds values too long for a float apart', () => {
    expect(compareDecimalText('123456789012345678.000000001', '123456789012345678.000000002')).toBeLessThan(0);
    expect(compareDecimalText('0010.50', '10.5')).toBe(0);
  });
});

describe('sortMarketRows', () => {
  const rows = [
    row('BTCUSDT', { change: '0.012', last: '64000' }),
    row('ETHUSDT', { change: '-0.034', last: '3200' }),
    row('BGBUSDT', { change: '0.1', last: '0.98' }),
    row('USDTBRL', { change: '-0.002', last: '5.4' }),
  ];

  it('sorts by change ascending and descending by the raw value', () => {
    const up = sortMarketRows(rows, { column: 'change', dir: 'asc' }, same).map((r) => r.symbol);
    expect(up).toEqual(['ETHUSDT', 'USDTBRL', 'BTCUSDT', 'BGBUSDT']);
    const down = sortMarketRows(rows, { column: 'change', dir: 'desc' }, same).map((r) => r.symbol);
    expect(down).toEqual(['BGBUSDT', 'BTCUSDT', 'USDTBRL', 'ETHUSDT']);
  });

  it('sorts prices numerically (64000 above 5.4) and pairs by name', () => {
    expect(sortMarketRows(rows, { column: 'last', dir: 'desc' }, same)[0]?.symbol).toBe('BTCUSDT');
    expect(sortMarketRows(rows, { column: 'pair', dir: 'asc' }, same).map((r) => r.symbol)).toEqual([
      'BGBUSDT',
      'BTCUSDT',
      'ETHUSDT',
      'USDTBRL',
    ]);
  });

  it('keeps the market order with no sort, and never reorders the list it was given', () => {
    const copy = [...rows];
    expect(sortMarketRows(rows, null, same)).toEqual(rows);
    sortMarketRows(rows, { column: 'change', dir: 'asc' }, same);
    expect(rows).toEqual(copy);
  });
});

describe('parseMarketSort and nextMarketSort', () => {
  it('reads a known column and direction from the address, anything else as no sort', () => {
    expect(parseMarketSort('change', 'desc')).toEqual({ column: 'change', dir: 'desc' });
    expect(parseMarketSort('volume', 'sideways')).toEqual({ column: 'volume', dir: 'asc' });
    expect(parseMarketSort('price; drop', 'asc')).toBeNull();
    expect(parseMarketSort(['change'], 'asc')).toBeNull();
    expect(parseMarketSort(undefined, 'desc')).toBeNull();
  });

  it('cycles a column ascending, descending, none; another column starts ascending', () => {
    const first = nextMarketSort(null, 'change');
    expect(first).toEqual({ column: 'change', dir: 'asc' });
    const second = nextMarketSort(first, 'change');
    expect(second).toEqual({ column: 'change', dir: 'desc' });
    expect(nextMarketSort(second, 'change')).toBeNull();
    expect(nextMarketSort(second, 'last')).toEqual({ column: 'last', dir: 'asc' });
  });
});
