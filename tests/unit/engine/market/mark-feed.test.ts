import { describe, expect, it } from 'vitest';
import { MarkCollector } from '../../../../engine/market/mark-feed';
import type { ChannelPush } from '../../../../engine/market/ws-session';

const ticker = (instId: string, row: Record<string, unknown>, ts = 1, instType = 'USDT-FUTURES'): ChannelPush => ({
  action: 'snapshot',
  arg: { instType, channel: 'ticker', instId },
  data: [row],
  ts,
});

describe('MarkCollector', () => {
  it('keeps the newest mark and index per symbol and hands them over once', () => {
    const collector = new MarkCollector();
    collector.add(ticker('BTCUSDT', { markPrice: '68000.1', indexPrice: '68001.0' }, 10));
    collector.add(ticker('BTCUSDT', { markPrice: '68000.5', indexPrice: '68001.2' }, 12));
    collector.add(ticker('ETHUSDT', { markPrice: '3400.25' }, 11));
    expect(collector.take()).toEqual({
      type: 'marks',
      marks: { BTCUSDT: '68000.5', ETHUSDT: '3400.25' },
      indexPrices: { BTCUSDT: '68001.2' },
      ts: 12,
    });
    expect(collector.take()).toBeNull();
  });

  it('ignores spot tickers, other channels and malformed or hostile prices', () => {
    const collector = new MarkCollector();
    expect(collector.add(ticker('BTCUSDT', { markPrice: '1' }, 1, 'SPOT'))).toBe(false);
    expect(
      collector.add({
        ...ticker('BTCUSDT', { markPrice: '1' }),
        arg: { instType: 'USDT-FUTURES', channel: 'books', instId: 'BTCUSDT' },
      }),
    ).toBe(false);
    for (const bad of ['', 'NaN', '-1', '0', '1e5', 68000, null, '<b>1</b>'])
      expect(collector.add(ticker('BTCUSDT', { markPrice: bad }))).toBe(false);
    expect(collector.take()).toBeNull();
  });
});
