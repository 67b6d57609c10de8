import { describe, expect, it } from 'vitest';
import { buildContractInfo, type ContractInfoReplies, nextSettlement } from '../../../../engine/market/contract-info';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 26, 9, 30);
const ok = (data: unknown[]) => ({ code: '00000', msg: 'success', data });

function replies(overrides: Partial<ContractInfoReplies> = {}): ContractInfoReplies {
  return {
    contracts: ok([
      {
        symbol: 'BTCUSDT',
        baseCoin: 'BTC',
        quoteCoin: 'USDT',
        pricePlace: '1',
        priceEndStep: '1',
        minTradeNum: '0.0001',
        maxLever: '125',
        makerFeeRate: '0.0002',
        takerFeeRate: '0.0006',
        fundInterval: '8',
      },
      { symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', pricePlace: '2' },
    ]),
    tickers: ok([{ symbol: 'BTCUSDT', markPrice: '68000.6', indexPrice: '67994.8', fundingRate: '-0.000125' }]),
    funding: ok([
      { symbol: 'BTCUSDT', fundingRate: '0.0001', fundingTime: String(Date.UTC(2026, 10, 26, 0)) },
      { symbol: 'BTCUSDT', fundingRate: '0.0003', fundingTime: String(Date.UTC(2026, 10, 26, 8)) },
      { symbol: 'BTCUSDT', fundingRate: '1e-4', fundingTime: String(Date.UTC(2026, 10, 25, 16)) },
      { symbol: 'BTCUSDT', fundingRate: '0', fundingTime: 'soon' },
    ]),
    tiers: ok([
      { level: '1', startUnit: '0', endUnit: '150', leverage: '125', keepMarginRate: '0.004' },
      { level: '2', startUnit: '150', endUnit: '600', leverage: '100', keepMarginRate: '0.005' },
      { level: '3', startUnit: '600', endUnit: '<b>', leverage: '50', keepMarginRate: '0.01' },
    ]),
    ...overrides,
  };
}

describe('buildContractInfo', () => {
  it('formats the live figures, terms, history (newest first) and tiers, dropping malformed rows', () => {
    const result = buildContractInfo('BTCUSDT', replies(), 'en', NOW);
    if (!result.ok) throw new Error(result.reason);
    const { frame } = result;
    expect(frame).toMatchObject({ symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', symbols: ['BTCUSDT', 'ETHUSDT'] });
    expect(frame.live).toEqual({
      mark: '68,000.6',
      index: '67,994.8',
      fundingRate: '-0.0125%',
      fundingSign: -1,
      nextFundingTime: Date.UTC(2026, 10, 26, 16),
    });
    expect(frame.terms).toEqual({
      tickSize: '0.1',
      minTradeNum: '0.0001',
      maxLeverage: '125×',
      makerFee: '0.0200%',
      takerFee: '0.0600%',
      fundingHours: 8,
    });
    // The exponent form and the time that is no time are left out; the rest is sorted newest first.
    expect(frame.funding.map((row) => [row.time, row.rate, row.sign])).toEqual([
      [Date.UTC(2026, 10, 26, 8), '+0.0300%', 1],
      [Date.UTC(2026, 10, 26, 0), '+0.0100%', 1],
    ]);
    expect(frame.tiers).toEqual([
      { level: '1', size: '0 – 150', maxLeverage: '125×', mmr: '0.4%' },
      { level: '2', size: '150 – 600', maxLeverage: '100×', mmr: '0.5%' },
    ]);
  });

  it('writes figures in the page language, with Latin digits', () => {
    const result = buildContractInfo('BTCUSDT', replies(), 'de', NOW);
    if (!result.ok) throw new Error(result.reason);
    expect(result.frame.live.mark).toBe('68.000,6');
    expect(result.frame.terms.makerFee).toBe('0,0200\u00a0%');
    const arabic = buildContractInfo('BTCUSDT', replies(), 'ar', NOW);
    if (!arabic.ok) throw new Error(arabic.reason);
    expect(arabic.frame.live.index).toMatch(/^[\d,.٬٫\u200f\u061c]+$/);
  });

  it('says not-found for a symbol the contract list lacks, even when the other replies are errors', () => {
    const failed = { code: '40034', msg: 'unknown symbol', data: null };
    expect(buildContractInfo('NOPEUSDT', replies({ funding: failed, tiers: failed }), 'en', NOW)).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('says api-error for an error envelope and bad-reply for a malformed needed field', () => {
    expect(buildContractInfo('BTCUSDT', replies({ tickers: { code: '50000' } }), 'en', NOW)).toEqual({
      ok: false,
      reason: 'api-error',
    });
    expect(buildContractInfo('BTCUSDT', replies({ contracts: 'not json' }), 'en', NOW)).toEqual({
      ok: false,
      reason: 'api-error',
    });
    for (const ticker of [
      { symbol: 'BTCUSDT', markPrice: 'NaN', indexPrice: '1', fundingRate: '0' },
      { symbol: 'BTCUSDT', markPrice: '1', indexPrice: `${'9'.repeat(50)}`, fundingRate: '0' },
      { symbol: 'ETHUSDT', markPrice: '1', indexPrice: '1', fundingRate: '0' },
    ])
      expect(buildContractInfo('BTCUSDT', replies({ tickers: ok([ticker]) }), 'en', NOW)).toEqual({
        ok: false,
        reason: 'bad-reply',
      });
    const contract = (replies().contracts as { data: Record<string, unknown>[] }).data[0];
    for (const bad of [{ fundInterval: '0' }, { maxLever: '12.5' }, { baseCoin: '<img>' }, { pricePlace: '13' }])
      expect(
        buildContractInfo('BTCUSDT', replies({ contracts: ok([{ ...contract, ...bad }]) }), 'en', NOW),
      ).toMatchObject({ ok: false, reason: 'bad-reply' });
  });
});

describe('nextSettlement', () => {
  it('is the next point of the grid from 00:00 UTC, strictly after now', () => {
    expect(nextSettlement(Date.UTC(2026, 0, 1, 0), 8)).toBe(Date.UTC(2026, 0, 1, 8));
    expect(nextSettlement(Date.UTC(2026, 0, 1, 7, 59, 59), 8)).toBe(Date.UTC(2026, 0, 1, 8));
    expect(nextSettlement(Date.UTC(2026, 0, 1, 23), 4)).toBe(Date.UTC(2026, 0, 2, 0));
    expect(nextSettlement(NOW, 1)).toBe(NOW + 30 * 60_000);
    expect(nextSettlement(NOW, 8) % (8 * HOUR)).toBe(0);
  });
});
