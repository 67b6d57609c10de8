import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COIN_NETWORKS } from '../../../../gateway/market/coin-networks';
import { makeTestApp, type TestApp } from '../support';
import { marketReplies } from './market-replies';

const CHAIN_FIELDS = [
  'chain',
  'needTag',
  'withdrawable',
  'rechargeable',
  'withdrawFee',
  'extraWithdrawFee',
  'depositConfirm',
  'withdrawConfirm',
  'minDepositAmount',
  'minWithdrawAmount',
  'browserUrl',
  'contractAddress',
  'withdrawStep',
  'withdrawMinScale',
  'congestion',
];
const NUMERIC = /^\d+(\.\d+)?$/;

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
});
afterAll(() => t.close());

const { reply, data } = marketReplies(() => t.app);

describe('GET /api/v2/public/time', () => {
  it('answers the server time in milliseconds as a string, between the moments around the call', async () => {
    const before = Date.now();
    const { serverTime } = await data('/api/v2/public/time');
    expect(serverTime).toMatch(/^\d{13}$/);
    expect(Number(serverTime)).toBeGreaterThanOrEqual(before);
    expect(Number(serverTime)).toBeLessThanOrEqual(Date.now());
  });
});

describe('GET /api/v2/spot/public/coins', () => {
  it('lists every coin of the paper networks and of the spot pairs once, numbered from 1', async () => {
    const coins = await data('/api/v2/spot/public/coins');
    const names = coins.map((coin: { coin: string }) => coin.coin);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, COIN_NETWORKS.length)).toEqual(COIN_NETWORKS.map((entry) => entry.coin));
    const pairCoins = t.simulator.listInstruments('SPOT').flatMap((spec) => [spec.baseCoin, spec.quoteCoin]);
    expect(names).toEqual(expect.arrayContaining(pairCoins));
    expect(coins.map((coin: { coinId: string }) => coin.coinId)).toEqual(
      names.map((_: string, i: number) => String(i + 1)),
    );
  });

  it('gives each paper network its fee, minimums and confirmations as strings, the tag need of XRP', async () => {
    const coins = await data('/api/v2/spot/public/coins');
    const usdt = coins.find((coin: { coin: string }) => coin.coin === 'USDT');
    expect(usdt).toMatchObject({ transfer: 'true', areaCoin: 'no' });
    expect(usdt.chains.map((chain: { chain: string }) => chain.chain)).toEqual(['TRC20', 'ERC20']);
    for (const coin of coins) {
      for (const chain of coin.chains) {
        expect(Object.keys(chain).sort()).toEqual([...CHAIN_FIELDS].sort());
        for (const value of Object.values(chain)) expect(typeof value).toBe('string');
        for (const field of [
          'withdrawFee',
          'minDepositAmount',
          'minWithdrawAmount',
          'depositConfirm',
          'withdrawMinScale',
        ])
          expect(chain[field], `${coin.coin} ${field}`).toMatch(NUMERIC);
        expect(chain.needTag).toBe(coin.coin === 'XRP' ? 'true' : 'false');
      }
    }
    expect(usdt.chains[0]).toMatchObject({ withdrawFee: '1', minWithdrawAmount: '10', depositConfirm: '3' });
  });

  it('lists a coin without a paper network with no chains', async () => {
    const [bgb] = await data('/api/v2/spot/public/coins?coin=BGB');
    expect(bgb).toMatchObject({ coin: 'BGB', chains: [] });
  });

  it('filters by coin, case-insensitively, and lists nothing for a coin it does not know', async () => {
    expect((await data('/api/v2/spot/public/coins?coin=eth')).map((c: { coin: string }) => c.coin)).toEqual(['ETH']);
    expect(await data('/api/v2/spot/public/coins?coin=NOPE')).toEqual([]);
  });

  it('refuses a malformed coin with HTTP 400 and code 40020', async () => {
    for (const coin of ['BTC%27--', 'A'.repeat(21), 'BTC,ETH', '%00']) {
      const { status, body } = await reply(`/api/v2/spot/public/coins?coin=${coin}`);
      expect(status, coin).toBe(400);
      expect(body).toMatchObject({ code: '40020', data: null });
    }
  });
});

describe('GET /api/v2/margin/currencies', () => {
  it('lists no margin pair: the gateway has no margin trading', async () => {
    expect(await data('/api/v2/margin/currencies')).toEqual([]);
    expect(await data('/api/v2/margin/currencies?symbol=BTCUSDT')).toEqual([]);
  });
});
