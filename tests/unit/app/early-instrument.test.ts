import { describe, expect, it } from 'vitest';
import { tradeInstrumentOf } from '../../../src/app/early-instrument';

const at = (address: string) => tradeInstrumentOf(new URL(address, 'https://exchange.example'));

describe('tradeInstrumentOf', () => {
  it("reads the in-app trading pages' symbol from the query, upper-cased", () => {
    expect(at('/trade-spot?symbol=ethusdt')).toEqual({ market: 'spot', symbol: 'ETHUSDT' });
    expect(at('/trade-swap?symbol=SOLUSDT')).toEqual({ market: 'futures', symbol: 'SOLUSDT' });
  });

  it('opens the default pair when the in-app page names none or a malformed one', () => {
    expect(at('/trade-spot')).toEqual({ market: 'spot', symbol: 'BTCUSDT' });
    expect(at('/trade-swap?symbol=BAD!')).toEqual({ market: 'futures', symbol: 'BTCUSDT' });
    expect(at('/trade-spot?symbol=')).toEqual({ market: 'spot', symbol: 'BTCUSDT' });
    expect(at('/trade-spot?symbol=%3Cscript%3E')).toEqual({ market: 'spot', symbol: 'BTCUSDT' });
  });

  it('reads the query as the router does, so the early load and the route name one pair', () => {
    // The router's parser reads JSON values: a bare number is no symbol, a quoted one is.
    expect(at('/trade-spot?symbol=123456')).toEqual({ market: 'spot', symbol: 'BTCUSDT' });
    expect(at('/trade-spot?symbol=%22ETHUSDT%22')).toEqual({ market: 'spot', symbol: 'ETHUSDT' });
    // A repeated key is an array: no symbol.
    expect(at('/trade-swap?symbol=ETHUSDT&symbol=SOLUSDT')).toEqual({ market: 'futures', symbol: 'BTCUSDT' });
  });

  it('reads the web trading pages from the path', () => {
    expect(at('/spot/BTCUSDT')).toEqual({ market: 'spot', symbol: 'BTCUSDT' });
    expect(at('/spot/ethusdt')).toEqual({ market: 'spot', symbol: 'ETHUSDT' });
    expect(at('/futures/usdt/ETHUSDT')).toEqual({ market: 'futures', symbol: 'ETHUSDT' });
    expect(at('/spot/%42TCUSDT')).toEqual({ market: 'spot', symbol: 'BTCUSDT' });
  });

  it('reads the page behind a language prefix', () => {
    expect(at('/ja/trade-swap?symbol=SOLUSDT')).toEqual({ market: 'futures', symbol: 'SOLUSDT' });
    expect(at('/zh-CN/spot/XRPUSDT')).toEqual({ market: 'spot', symbol: 'XRPUSDT' });
    expect(at('/ar/futures/usdt/BTCUSDT')).toEqual({ market: 'futures', symbol: 'BTCUSDT' });
  });

  it('gives null for a malformed symbol in the path', () => {
    for (const path of [
      '/spot/%E0%A4%A',
      '/spot/a',
      `/spot/${'A'.repeat(21)}`,
      '/spot/BTC-USDT',
      '/futures/usdt/%3Cx%3E',
    ])
      expect(at(path), path).toBeNull();
  });

  it('gives null for every other page', () => {
    for (const path of [
      '/',
      '/markets',
      '/asset',
      '/spot',
      '/spot/BTCUSDT/extra',
      '/futures/usdt',
      '/futures/coin/BTCUSD',
      '/trade-asset?symbol=ETHUSDT',
      '/trade-spot/ETHUSDT',
      '/xx/spot/BTCUSDT',
    ])
      expect(at(path), path).toBeNull();
  });
});
