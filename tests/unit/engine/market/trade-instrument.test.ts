import { describe, expect, it } from 'vitest';
import { parseTradeInstrument } from '../../../../engine/market/trade-instrument';
import { CONTRACT_ROW, ok } from './instrument-rows';

const SPOT_ROW = {
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  minTradeAmount: '0.000001',
  minTradeUSDT: '1',
  takerFeeRate: '0.001',
  makerFeeRate: '0.001',
  pricePrecision: '2',
  quantityPrecision: '6',
  quotePrecision: '8',
};

describe('parseTradeInstrument', () => {
  it('reads a spot symbol: steps from the precisions, leverage 1', () => {
    expect(parseTradeInstrument(ok([SPOT_ROW]), 'spot', 'BTCUSDT')).toEqual({
      market: 'spot',
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      pricePlaces: 2,
      priceStep: '0.01',
      sizePlaces: 6,
      sizeStep: '0.000001',
      minSize: '0.000001',
      minNotional: '1',
      makerFeeRate: '0.001',
      takerFeeRate: '0.001',
      maxLever: 1,
    });
  });

  it('reads a contract: the tick from priceEndStep, the lot from sizeMultiplier, the leverage cap', () => {
    const instrument = parseTradeInstrument(ok([CONTRACT_ROW]), 'futures', 'BTCUSDT');
    expect(instrument).toMatchObject({
      pricePlaces: 1,
      priceStep: '0.5',
      sizePlaces: 4,
      sizeStep: '0.0001',
      minSize: '0.0001',
      maxLever: 125,
    });
  });

  it('finds the symbol among several rows and refuses a missing one', () => {
    const reply = ok([{ ...SPOT_ROW, symbol: 'ETHUSDT' }, SPOT_ROW]);
    expect(parseTradeInstrument(reply, 'spot', 'BTCUSDT')?.symbol).toBe('BTCUSDT');
    expect(parseTradeInstrument(reply, 'spot', 'BGBUSDT')).toBeNull();
  });

  it('refuses replies that are not the envelope', () => {
    for (const reply of [null, 'x', [], { code: '40034', data: [SPOT_ROW] }, { code: '00000', data: 'x' }]) {
      expect(parseTradeInstrument(reply, 'spot', 'BTCUSDT')).toBeNull();
    }
  });

  it('refuses a row with any malformed field rather than trading on a wrong step', () => {
    const hostile: Record<string, unknown>[] = [
      { pricePrecision: '-1' },
      { pricePrecision: '2.5' },
      { pricePrecision: '99' },
      { quantityPrecision: 'six' },
      { minTradeAmount: '1e-6' },
      { minTradeAmount: '-1' },
      { takerFeeRate: 'NaN' },
      { makerFeeRate: null },
      { baseCoin: '<img>' },
      { quoteCoin: '' },
      { minTradeAmount: '1'.repeat(40) },
    ];
    for (const patch of hostile)
      expect(
        parseTradeInstrument(ok([{ ...SPOT_ROW, ...patch }]), 'spot', 'BTCUSDT'),
        JSON.stringify(patch),
      ).toBeNull();
    for (const patch of [{ maxLever: '0' }, { maxLever: '1e9' }, { priceEndStep: '0' }, { sizeMultiplier: '0.0x' }]) {
      expect(
        parseTradeInstrument(ok([{ ...CONTRACT_ROW, ...patch }]), 'futures', 'BTCUSDT'),
        JSON.stringify(patch),
      ).toBeNull();
    }
  });

  it('refuses a malformed symbol even when a row carries it', () => {
    expect(parseTradeInstrument(ok([{ ...SPOT_ROW, symbol: 'btc/usdt' }]), 'spot', 'btc/usdt')).toBeNull();
  });
});
