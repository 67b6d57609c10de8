import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { AccountStore, type Session } from '../../../src/trade/account-panels/account-store';
import type { MathsLink } from '../../../src/trade/market/mark-link';
import type { TradeApi } from '../../../src/trade/trade-api';
import type { FuturesAccount, FuturesPositionRow, FuturesSettings, TradeOrder } from '../../../src/trade/trade-replies';
import { type TradeServices, TradeServicesContext } from '../../../src/trade/trade-services';
import { SPOT as SPOT_BTC } from '../../unit/trade/order-form/instruments';

/** BTCUSDT spot, the instrument the unit tests of the order form trade too. */
export const SPOT: TradeInstrument = SPOT_BTC;

export const FUTURES: TradeInstrument = {
  ...SPOT,
  market: 'futures',
  pricePlaces: 1,
  priceStep: '0.1',
  sizePlaces: 3,
  sizeStep: '0.001',
  minSize: '0.001',
  minNotional: '5',
  maxLever: 125,
};

export const SETTINGS: FuturesSettings = {
  symbol: 'BTCUSDT',
  leverage: 10,
  longLeverage: 10,
  shortLeverage: 10,
  marginMode: 'crossed',
  posMode: 'one_way_mode',
  maxLever: 20,
  maxPositionSize: '1000000000',
  maxLongPositionSize: '1000000000',
  maxShortPositionSize: '1000000000',
};

export const ACCOUNT: FuturesAccount = {
  marginCoin: 'USDT',
  available: '10000',
  locked: '0',
  equity: '10000',
  unrealizedPL: '0',
  crossedMaxAvailable: '10000',
  posMode: 'one_way_mode',
  isDemo: false,
};

export const LONG: FuturesPositionRow = {
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  holdSide: 'long',
  position: 1,
  marginMode: 1,
  positionMode: 1,
  positionsCount: '0.5',
  positionsOpenAvgPrice: '60000',
  positionsOpenMarginCount: '3000',
  positionsLevel: '10',
  achievedProfits: '0',
  businessLine: 10,
  pricePlace: 1,
  volumePlace: 3,
  mm: '0.004',
  feeRate: '0.0006',
  liquidationPrice: '',
  presetStopSurplusPrice: '',
  presetStopLossPrice: '',
  presetStopSurplusTriggerType: 'mark_price',
  presetStopLossTriggerType: 'mark_price',
  presetStopSurplusSize: '',
  presetStopLossSize: '',
  cTime: '1700000000000',
  uTime: '1700000000000',
};

export function order(overrides: Partial<TradeOrder> = {}): TradeOrder {
  return {
    orderId: '101',
    clientOid: '',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    force: 'gtc',
    price: '60000.00',
    size: '0.5000',
    triggerPrice: '',
    planStatus: 'none',
    status: 'live',
    baseVolume: '0',
    quoteVolume: '0',
    priceAvg: '',
    fee: '0',
    feeCoin: 'USDT',
    cTime: '1700000000000',
    uTime: '1700000000000',
    ...overrides,
  };
}

/** A promise that never settles unless the signal aborts (a long poll with nothing to say). */
function held(signal?: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))));
}

/** Every endpoint stubbed with a happy answer; tests override what they need. */
export function stubApi(overrides: Partial<TradeApi> = {}): {
  [K in keyof TradeApi]: ReturnType<typeof vi.fn> & TradeApi[K];
} {
  let polls = 0;
  const api: TradeApi = {
    spotAssets: async () => [
      { coin: 'USDT', available: '1000', frozen: '0', places: 4 },
      { coin: 'BTC', available: '0.2', frozen: '0', places: 6 },
    ],
    spotOpenOrders: async () => [],
    spotHistoryOrders: async () => [],
    placeSpotOrder: async () => order(),
    cancelSpotOrder: async () => undefined,
    futuresAccount: async () => ACCOUNT,
    futuresSettings: async () => SETTINGS,
    futuresOpenOrders: async () => [],
    futuresHistoryOrders: async () => [],
    positions: async () => [],
    placeFuturesOrder: async () => order(),
    cancelFuturesOrder: async () => undefined,
    cancelAllOrders: async () => 0,
    closePosition: async () => undefined,
    reversePosition: async () => undefined,
    setLeverage: async () => undefined,
    setMarginMode: async () => undefined,
    setPositionMode: async () => undefined,
    setPositionTpsl: async () => undefined,
    setPositionMargin: async () => undefined,
    closeAllPositions: async () => ({ closed: 0, failed: 0 }),
    closedPositions: async () => [],
    // The first poll names every topic (cursor 0), later ones wait like the real long poll.
    changes: async (_cursor, signal) => {
      polls += 1;
      return polls === 1 ? { cursor: 1, topics: ['orders', 'positions', 'assets'] } : held(signal);
    },
    ...overrides,
  };
  for (const key of Object.keys(api) as (keyof TradeApi)[])
    (api as unknown as Record<string, unknown>)[key] = vi.fn(api[key]);
  return api as never;
}

/** Services around a stub API, a fixed session and a visible page; `maths` defaults to one that never answers. */
export function services(api: TradeApi, options: { session?: Session; maths?: MathsLink } = {}): TradeServices {
  const session = options.session ?? 'signedIn';
  const store = new AccountStore({
    api,
    auth: {
      current: () => ({ session, userId: session === 'signedIn' ? 'u1' : null }),
      subscribe: () => () => undefined,
    },
    visibility: { isHidden: () => false, subscribe: () => () => undefined },
    onSignedOut: () => undefined,
    backoffMs: { base: 50, max: 200 },
  });
  return {
    api,
    store,
    maths: options.maths ?? { setLedger: () => new Promise(() => undefined), watchMarks: async () => undefined },
  };
}

export function withServices(value: TradeServices, children: ReactNode) {
  return <TradeServicesContext.Provider value={value}>{children}</TradeServicesContext.Provider>;
}
