import { describe, expect, it } from 'vitest';
import { readTradeSymbol, tradeSearch, tradeSymbolParams } from '../../../src/trade/trade-route';

describe('readTradeSymbol', () => {
  it('reads a symbol in any case as capitals', () => {
    expect(readTradeSymbol('BTCUSDT')).toBe('BTCUSDT');
    expect(readTradeSymbol('ethusdt')).toBe('ETHUSDT');
  });

  it('refuses anything that is not 2-20 letters or digits', () => {
    for (const raw of ['', 'B', '<script>', 'BTC/USDT', 'BTC USDT', 'A'.repeat(21), '../login', undefined, 42]) {
      expect(readTradeSymbol(raw), String(raw)).toBeNull();
    }
  });
});

describe('tradeSymbolParams', () => {
  it('throws the router not-found signal for a hostile symbol', () => {
    expect(tradeSymbolParams.parse({ symbol: 'btcusdt' })).toEqual({ symbol: 'BTCUSDT' });
    expect(() => tradeSymbolParams.parse({ symbol: '"><img src=x>' })).toThrow();
  });
});

describe('tradeSearch', () => {
  it('keeps a well-formed interval and drops anything else', () => {
    expect(tradeSearch({ interval: 'candle15m' })).toEqual({ interval: 'candle15m' });
    for (const interval of ['javascript:alert(1)', 'candle', 15, 'candle15m<', null])
      expect(tradeSearch({ interval })).toEqual({});
  });
});
