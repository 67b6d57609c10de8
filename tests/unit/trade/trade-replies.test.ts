import { describe, expect, it } from 'vitest';
import {
  parseChanges,
  parseFuturesAccount,
  parseFuturesSettings,
  parseOrders,
  parsePositions,
  parseSpotAssets,
} from '../../../src/trade/trade-replies';
import { ReplyShapeError } from '../../../src/api/reply-shape';

const ORDER = {
  orderId: '1001',
  clientOid: 'w1',
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
};

const POSITION = {
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  holdSide: 'long',
  position: 1,
  marginMode: 1,
  positionMode: 1,
  positionsCount: '0.5',
  positionsOpenAvgPrice: '60000',
  positionsOpenMarginCount: '3000',
  positionsLevel: 10,
  achievedProfits: '-1.5',
  businessLine: 10,
  pricePlace: 1,
  volumePlace: 4,
  mm: '0.004',
  feeRate: '0.0006',
  liquidationPrice: '',
  cTime: '1',
  uTime: '2',
};

describe('parseOrders', () => {
  it('reads spot and futures orders, money as the strings sent', () => {
    const [spot, futures] = parseOrders([
      ORDER,
      {
        ...ORDER,
        orderId: 7,
        marginMode: 'crossed',
        tradeSide: 'open',
        reduceOnly: 'NO',
        leverage: '20',
        totalProfits: '-3.25',
      },
    ]);
    expect(spot).toMatchObject({ orderId: '1001', price: '60000.00', size: '0.5000', triggerPrice: '' });
    expect(spot.futures).toBeUndefined();
    expect(futures.orderId).toBe('7');
    expect(futures.futures).toMatchObject({
      marginMode: 'crossed',
      reduceOnly: false,
      leverage: '20',
      totalProfits: '-3.25',
    });
  });

  it('reads which preset a spot closing order carries out, and none on an order without one', () => {
    const [parent, take, stop] = parseOrders([
      { ...ORDER, presetTakeProfitPrice: '66000.00', presetStopLossPrice: '', parentOrderId: '', tpslKind: '' },
      { ...ORDER, orderId: '1002', side: 'sell', parentOrderId: '1001', tpslKind: 'tp' },
      { ...ORDER, orderId: '1003', side: 'sell', parentOrderId: '1001', tpslKind: 'sl' },
    ]);
    expect(parent.tpslKind).toBeUndefined();
    expect([take.tpslKind, stop.tpslKind]).toEqual(['tp', 'sl']);
  });

  it.each([
    ['a number for money', { price: 60000.5 }],
    ['an exponent', { size: '1e3' }],
    ['a negative size', { size: '-1' }],
    ['NaN', { price: 'NaN' }],
    ['Infinity', { size: 'Infinity' }],
    ['an unknown side', { side: 'long' }],
    ['an unknown status', { status: 'done' }],
    ['markup in the symbol', { symbol: '<img src=x>' }],
    ['a missing id', { orderId: undefined }],
    ['an object for the time', { cTime: {} }],
    ['a prototype key as the side', { side: '__proto__' }],
    ['a reduce-only flag that is neither YES nor NO', { marginMode: 'crossed', reduceOnly: 'maybe' }],
    ['an unknown TP/SL kind', { tpslKind: 'trailing' }],
  ])('refuses a list holding %s', (_, change) => {
    expect(() => parseOrders([ORDER, { ...ORDER, ...change }])).toThrow(ReplyShapeError);
  });

  it.each([null, {}, 'orders', 42, { length: 1, 0: ORDER }, new Array(501).fill(ORDER)])(
    'refuses a reply that is not a list of orders: %#',
    (reply) => {
      expect(() => parseOrders(reply)).toThrow(ReplyShapeError);
    },
  );
});

describe('parseSpotAssets', () => {
  it('reads balances with the places each coin is shown with', () => {
    expect(
      parseSpotAssets([
        { coin: 'USDT', available: '10000.12345678', frozen: '0', places: 4 },
        { coin: 'BTC', available: '0.5', frozen: '0.1', places: '6' },
      ]),
    ).toEqual([
      { coin: 'USDT', available: '10000.12345678', frozen: '0', places: 4 },
      { coin: 'BTC', available: '0.5', frozen: '0.1', places: 6 },
    ]);
  });

  it('takes the coin rule when a reply gives no places: USDT 4, another coin the places it carries', () => {
    expect(
      parseSpotAssets([
        { coin: 'USDT', available: '10000.00000000', frozen: '0' },
        { coin: 'ETH', available: '1.2500', frozen: '0' },
      ]).map((asset) => asset.places),
    ).toEqual([4, 4]);
  });

  it.each([
    [[{ coin: 'USDT', available: '-1', frozen: '0' }]],
    [[{ coin: 'usdt', available: '1', frozen: '0' }]],
    [[{ coin: 'USDT', available: '1' }]],
    [[{ coin: 'USDT', available: '1', frozen: '0', places: -1 }]],
    [[{ coin: 'USDT', available: '1', frozen: '0', places: 19 }]],
    [[{ coin: 'USDT', available: '1', frozen: '0', places: 2.5 }]],
    [[{ coin: 'USDT', available: '1', frozen: '0', places: '4; drop' }]],
    [[null]],
  ])('refuses %j', (reply) => {
    expect(() => parseSpotAssets(reply)).toThrow(ReplyShapeError);
  });
});

describe('parseFuturesAccount', () => {
  const ACCOUNT = {
    marginCoin: 'USDT',
    available: '9000',
    locked: '100',
    equity: '10010.5',
    unrealizedPL: '-10.25',
    crossedMaxAvailable: '9000',
    posMode: 'one_way_mode',
    isDemo: false,
  };

  it('reads the account, a negative PnL included', () => {
    expect(parseFuturesAccount(ACCOUNT)).toEqual(ACCOUNT);
  });

  it.each([{ posMode: 'both' }, { equity: '' }, { isDemo: 'yes' }, { available: '1,000' }])('refuses %j', (change) => {
    expect(() => parseFuturesAccount({ ...ACCOUNT, ...change })).toThrow(ReplyShapeError);
  });
});

describe('parseFuturesSettings', () => {
  const SETTINGS = { symbol: 'BTCUSDT', leverage: 20, marginMode: 'crossed', posMode: 'hedge_mode', maxLever: '125' };

  it('reads the settings, numbers sent as digit strings too', () => {
    expect(parseFuturesSettings(SETTINGS)).toEqual({
      ...SETTINGS,
      longLeverage: 20,
      shortLeverage: 20,
      maxLever: 125,
      maxPositionSize: null,
      maxLongPositionSize: null,
      maxShortPositionSize: null,
    });
    expect(parseFuturesSettings({ ...SETTINGS, maxPositionSize: '150' }).maxPositionSize).toBe('150');
  });

  it("reads each isolated side's leverage and largest position, the one figure standing in when a side is not sent", () => {
    const sides = {
      ...SETTINGS,
      marginMode: 'isolated',
      isolatedLongLever: '20',
      isolatedShortLever: '50',
      maxPositionSize: '600',
      maxShortPositionSize: '150',
    };
    expect(parseFuturesSettings(sides)).toMatchObject({
      longLeverage: 20,
      shortLeverage: 50,
      maxLongPositionSize: '600',
      maxShortPositionSize: '150',
    });
  });

  it.each([
    { leverage: 0 },
    { leverage: 126 },
    { leverage: 2.5 },
    { maxLever: 0 },
    { maxLever: '1e3' },
    { marginMode: 'fixed' },
    { maxPositionSize: '-1' },
    { maxPositionSize: 150 },
    { isolatedLongLever: 0 },
    { isolatedShortLever: '126' },
    { isolatedShortLever: null },
    { maxShortPositionSize: '1e3' },
  ])('refuses %j', (change) => {
    expect(() => parseFuturesSettings({ ...SETTINGS, ...change })).toThrow(ReplyShapeError);
  });
});

describe('parsePositions', () => {
  it('reads live positions in the maths contract shape', () => {
    const [position] = parsePositions([{ ...POSITION, position: '1', marginMode: '2' }]);
    expect(position).toMatchObject({
      holdSide: 'long',
      position: 1,
      marginMode: 2,
      positionsLevel: '10',
      achievedProfits: '-1.5',
      pricePlace: 1,
      baseCoin: 'BTC',
      volumePlace: 4,
    });
  });

  it.each([
    ['a side that contradicts holdSide', { position: 2 }],
    ['a rate of 1 or more', { mm: '1.5' }],
    ['a coin-margined business line', { businessLine: 11 }],
    ['a leverage of zero', { positionsLevel: 0 }],
    ['a negative size', { positionsCount: '-0.5' }],
    ['too many price places', { pricePlace: 40 }],
    ['too many size places', { volumePlace: 19 }],
    ['no size places', { volumePlace: undefined }],
    ['a base coin with markup', { baseCoin: '<b>BTC</b>' }],
    ['no base coin', { baseCoin: undefined }],
    ['an unknown TP trigger type', { presetStopSurplusTriggerType: 'index_price' }],
    ['a negative SL size', { presetStopLossSize: '-0.1' }],
  ])('refuses %s', (_, change) => {
    expect(() => parsePositions([{ ...POSITION, ...change }])).toThrow(ReplyShapeError);
  });

  it('reads each preset’s trigger type and size, the mark and the whole position when a gateway does not say', () => {
    const [set] = parsePositions([
      { ...POSITION, presetStopSurplusTriggerType: 'fill_price', presetStopSurplusSize: '0.2000' },
    ]);
    expect(set).toMatchObject({
      presetStopSurplusTriggerType: 'fill_price',
      presetStopSurplusSize: '0.2000',
      presetStopLossTriggerType: 'mark_price',
      presetStopLossSize: '',
    });
  });
});

describe('parseChanges', () => {
  it('keeps known topics and skips new ones', () => {
    expect(parseChanges({ cursor: 12, topics: ['assets', 'margin-calls', 'orders'] })).toEqual({
      cursor: 12,
      topics: ['orders', 'assets'],
    });
    expect(parseChanges({ cursor: '0', topics: [] })).toEqual({ cursor: 0, topics: [] });
  });

  it.each([
    { cursor: -1, topics: [] },
    { cursor: 1.5, topics: [] },
    { cursor: 1, topics: 'orders' },
    { cursor: 1, topics: [1] },
    { topics: [] },
    null,
  ])('refuses %j', (reply) => {
    expect(() => parseChanges(reply)).toThrow(ReplyShapeError);
  });
});
