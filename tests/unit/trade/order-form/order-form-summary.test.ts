import { describe, expect, it } from 'vitest';
import type { TradeInstrument } from '../../../../engine/market/trade-instrument';
import type { Session } from '../../../../src/trade/account-panels/account-store';
import { INITIAL_FORM, type OrderFormState } from '../../../../src/trade/order-form/order-form-model';
import {
  type OrderFormAccount,
  type OrderFormContext,
  type FormSummary,
  summarizeOrderForm,
} from '../../../../src/trade/order-form/order-form-summary';
import type {
  FuturesAccount,
  FuturesPositionRow,
  FuturesSettings,
  SpotAsset,
} from '../../../../src/trade/trade-replies';
import { SPOT as SPOT_BTC } from './instruments';

/** Spot with a taker fee apart from the maker's, so the fee preview shows which one it took. */
const SPOT: TradeInstrument = { ...SPOT_BTC, takerFeeRate: '0.002' };

const FUTURES: TradeInstrument = {
  ...SPOT,
  market: 'futures',
  pricePlaces: 1,
  priceStep: '0.1',
  sizePlaces: 3,
  sizeStep: '0.001',
  minSize: '0.001',
  minNotional: '5',
  takerFeeRate: '0.001',
  maxLever: 125,
};

const SETTINGS: FuturesSettings = {
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

const BALANCES: SpotAsset[] = [
  { coin: 'USDT', available: '1000', frozen: '0', places: 4 },
  { coin: 'BTC', available: '0.2', frozen: '0', places: 8 },
];

const position = (patch: Partial<FuturesPositionRow>): FuturesPositionRow =>
  ({ symbol: 'BTCUSDT', holdSide: 'long', marginMode: 2, positionsCount: '0', ...patch }) as FuturesPositionRow;

/** The 0.5 BTC isolated long of the browser tests. */
const LONG = position({ holdSide: 'long', marginMode: 1, positionsCount: '0.5' });

interface Given {
  lastPrice?: string | null;
  lastPriceNow?: string | null;
  session?: Session;
  spot?: readonly SpotAsset[];
  spotStatus?: 'loading' | 'ready' | 'error';
  futuresAvailable?: string | null;
  settings?: FuturesSettings | null;
  positions?: readonly FuturesPositionRow[];
}

function contextOf(instrument: TradeInstrument, given: Given = {}): OrderFormContext {
  const slice = <T>(data: T, status: 'loading' | 'ready' | 'error' = 'ready') => ({ status, data, error: null });
  const futuresAvailable = given.futuresAvailable === undefined ? '10000' : given.futuresAvailable;
  const account: OrderFormAccount = {
    session: given.session ?? 'signedIn',
    spotAssets: slice(given.spot ?? BALANCES, given.spotStatus),
    futuresAccount: slice(futuresAvailable === null ? null : ({ available: futuresAvailable } as FuturesAccount)),
    settings: slice(given.settings === undefined ? SETTINGS : given.settings),
    positions: slice(given.positions ?? []),
  };
  return {
    instrument,
    lastPrice: given.lastPrice === undefined ? '100.00' : given.lastPrice,
    lastPriceNow: given.lastPriceNow,
    account,
  };
}

const formOf = (patch: Partial<OrderFormState>): OrderFormState => ({ ...INITIAL_FORM, ...patch });

/** The futures order a summary would send (failing when it would send none, or a spot one). */
function futuresOrderOf(summary: FormSummary) {
  if (summary.request?.market !== 'futures') throw new Error(`no futures request: ${JSON.stringify(summary.request)}`);
  return summary.request.order;
}

describe('summarizeOrderForm on a spot limit order', () => {
  it('values a buy at its price, pays the maker fee below the market, and sends it good till cancelled', () => {
    const summary = summarizeOrderForm(
      formOf({ price: '100.00', size: '1' }),
      contextOf(SPOT, { lastPrice: '101.00' }),
    );
    expect(summary.available).toBe('1000');
    expect(summary.sendSize).toBe('1');
    expect(summary.estimate).toEqual({ kind: 'cost', value: '100' });
    // A buy pays its fee in the base coin it receives: 1 × 0.001 BTC, to every place a balance keeps.
    expect(summary.fee).toEqual({ liquidity: 'maker', rate: '0.001', value: '0.00100000', coin: 'BTC' });
    expect(summary.problems).toEqual([]);
    expect(summary.canSend).toBe(true);
    expect(summary.maxOpen).toBeUndefined();
    expect(summary.request).toEqual({
      market: 'spot',
      order: { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', force: 'gtc', price: '100.00', size: '1' },
    });
  });

  it('leaves the client order id to the send, in its place in the body', () => {
    const { request } = summarizeOrderForm(formOf({ price: '100.00', size: '1' }), contextOf(SPOT));
    expect(request?.order.clientOid).toBeUndefined();
    expect(Object.keys(request?.order ?? {})).toEqual([
      'symbol',
      'side',
      'orderType',
      'force',
      'price',
      'size',
      'triggerPrice',
      'clientOid',
    ]);
  });

  it('takes at the taker rate a buy at or above the last price', () => {
    const { fee } = summarizeOrderForm(
      formOf({ price: '101.00', size: '1' }),
      contextOf(SPOT, { lastPrice: '101.00' }),
    );
    // 1 × 0.002 BTC of what it buys.
    expect(fee).toEqual({ liquidity: 'taker', rate: '0.002', value: '0.00200000', coin: 'BTC' });
    // A sell pays in the quote coin it receives: 101 × 1 × 0.002 = 0.202, rounded up to the cent.
    const sell = summarizeOrderForm(
      formOf({ side: 'sell', price: '100.00', size: '1' }),
      contextOf(SPOT, { lastPrice: '101.00' }),
    );
    expect(sell.fee).toEqual({ liquidity: 'taker', rate: '0.002', value: '0.20', coin: 'USDT' });
  });

  it('weighs a limit against the last price of this moment when the page keeps no live one', () => {
    const form = formOf({ price: '100.00', size: '1' });
    expect(summarizeOrderForm(form, contextOf(SPOT, { lastPrice: null })).fee.liquidity).toBe('maker');
    const now = summarizeOrderForm(form, contextOf(SPOT, { lastPrice: null, lastPriceNow: '99.00' }));
    expect(now.fee.liquidity).toBe('taker');
  });

  it('rests a post-only limit even at a crossing price, and sends it post-only', () => {
    const summary = summarizeOrderForm(
      formOf({ price: '102.00', size: '1', postOnly: true }),
      contextOf(SPOT, { lastPrice: '101.00' }),
    );
    expect(summary.fee.liquidity).toBe('maker');
    expect(summary.request?.order).toMatchObject({ orderType: 'limit', force: 'post_only' });
  });

  it('spends the base coin on a sell and shows its proceeds', () => {
    const summary = summarizeOrderForm(formOf({ side: 'sell', price: '100.00', size: '0.1' }), contextOf(SPOT));
    expect(summary.available).toBe('0.2');
    expect(summary.estimate).toEqual({ kind: 'proceeds', value: '10' });
    expect(summary.request?.order).toMatchObject({ side: 'sell', size: '0.1', price: '100.00' });
  });

  it('sends the base size an amount in the quote coin buys: quote ÷ price floored to the lot', () => {
    const summary = summarizeOrderForm(
      formOf({ price: '100.00', sizeUnit: 'quote', quoteAmount: '150.555' }),
      contextOf(SPOT),
    );
    expect(summary.sendSize).toBe('1.5055');
    expect(summary.estimate.value).toBe('150.55');
    expect(summary.request?.order.size).toBe('1.5055');
  });
});

describe('summarizeOrderForm on a spot market or stop-limit order', () => {
  it('values a market order at the last price, takes, and sends neither price nor time in force', () => {
    const summary = summarizeOrderForm(
      formOf({ type: 'market', price: '90.00', size: '1' }),
      contextOf(SPOT, { lastPrice: '101.00' }),
    );
    expect(summary.estimate).toEqual({ kind: 'cost', value: '101' });
    expect(summary.fee).toEqual({ liquidity: 'taker', rate: '0.002', value: '0.00200000', coin: 'BTC' });
    expect(summary.request?.order).toEqual({ symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '1' });
  });

  it('has no estimate for a market order while the last price is unknown', () => {
    const summary = summarizeOrderForm(formOf({ type: 'market', size: '1' }), contextOf(SPOT, { lastPrice: null }));
    expect(summary.estimate.value).toBeNull();
    // A buy's fee is a share of the base it buys, known without a price; a sell's needs the price.
    expect(summary.fee.value).toBe('0.00200000');
    const sell = summarizeOrderForm(
      formOf({ type: 'market', side: 'sell', size: '1' }),
      contextOf(SPOT, { lastPrice: null }),
    );
    expect(sell.fee.value).toBeNull();
    expect(summary.maxSize).toBeNull();
  });

  it('sends a stop-limit with its trigger, and weighs its limit against the trigger', () => {
    const context = contextOf(SPOT, { lastPrice: '101.00' });
    const stop = formOf({ type: 'stop-limit', trigger: '110.00', price: '112.00', size: '1' });
    const summary = summarizeOrderForm(stop, context);
    expect(summary.fee.liquidity).toBe('taker');
    expect(summary.request?.order).toMatchObject({ orderType: 'limit', force: 'gtc', triggerPrice: '110.00' });
    expect(summarizeOrderForm({ ...stop, price: '105.00' }, context).fee.liquidity).toBe('maker');
  });
});

describe('summarizeOrderForm Max and slider on spot', () => {
  it('fills the largest lot the quote balance pays for (the fee comes out of the base coin bought)', () => {
    const summary = summarizeOrderForm(formOf({ price: '100.00', size: '5' }), contextOf(SPOT));
    // 1000 / 100 = 10 BTC for the whole 1000 USDT.
    expect(summary.maxSize).toBe('10.0000');
    expect(summary.percentOfMax).toBe(50);
    expect(summary.maxInput).toMatchObject({ market: 'spot', side: 'buy', available: '1000', price: '100.00' });
  });

  it('sizes a sell at the base coin available', () => {
    const summary = summarizeOrderForm(formOf({ side: 'sell', price: '100.00' }), contextOf(SPOT));
    expect(summary.maxSize).toBe('0.2000');
    expect(summary.percentOfMax).toBe(0);
  });

  it('has no Max while the balance is unknown', () => {
    const summary = summarizeOrderForm(formOf({ price: '100.00' }), contextOf(SPOT, { session: 'unknown' }));
    expect(summary.available).toBeNull();
    expect(summary.maxSize).toBeNull();
  });
});

describe('summarizeOrderForm on the account', () => {
  it('shows no balance until the session is known, nor while the first balances load', () => {
    const form = formOf({ price: '100.00', size: '1' });
    expect(summarizeOrderForm(form, contextOf(SPOT, { session: 'unknown' })).available).toBeNull();
    expect(summarizeOrderForm(form, contextOf(SPOT, { spot: [], spotStatus: 'loading' })).available).toBeNull();
    expect(summarizeOrderForm(form, contextOf(SPOT, { spotStatus: 'loading' })).available).toBe('1000');
  });

  it('counts a coin the account does not hold as zero', () => {
    expect(summarizeOrderForm(formOf({}), contextOf(SPOT, { spot: [] })).available).toBe('0');
  });

  it('shows a negative available margin as zero', () => {
    expect(summarizeOrderForm(formOf({}), contextOf(FUTURES, { futuresAvailable: '-5' })).available).toBe('0');
  });

  it('sends nothing signed out, however valid the order', () => {
    const summary = summarizeOrderForm(
      formOf({ price: '100.00', size: '1' }),
      contextOf(SPOT, { session: 'signedOut' }),
    );
    expect(summary.isSignedOut).toBe(true);
    expect(summary.available).toBeNull();
    expect(summary.problems).toEqual([]);
    expect(summary.canSend).toBe(false);
  });
});

describe('summarizeOrderForm problems', () => {
  const context = contextOf(SPOT);

  it('asks for a price and an amount, and for a trigger on a stop-limit', () => {
    expect(summarizeOrderForm(formOf({}), context).problems).toEqual([
      { field: 'price', code: 'required' },
      { field: 'size', code: 'required' },
    ]);
    const stop = summarizeOrderForm(formOf({ type: 'stop-limit', price: '100.00', size: '1' }), context);
    expect(stop.problems).toEqual([{ field: 'trigger', code: 'required' }]);
    expect(stop.canSend).toBe(false);
  });

  it('refuses a zero amount, a price off the tick and an amount off the lot', () => {
    expect(summarizeOrderForm(formOf({ price: '100.00', size: '0' }), context).problems).toEqual([
      { field: 'size', code: 'not-positive' },
    ]);
    expect(summarizeOrderForm(formOf({ price: '100.005', size: '0.00015' }), context).problems).toEqual([
      { field: 'price', code: 'tick', params: { step: '0.01' } },
      { field: 'size', code: 'lot', params: { step: '0.0001' } },
    ]);
  });

  it('refuses an amount under the minimum size, then a value under the minimum value', () => {
    const small = contextOf({ ...SPOT, minSize: '0.01' });
    expect(summarizeOrderForm(formOf({ price: '100.00', size: '0.005' }), small).problems).toEqual([
      { field: 'size', code: 'min-size', params: { min: '0.01' } },
    ]);
    expect(summarizeOrderForm(formOf({ price: '100.00', size: '0.005' }), context).problems).toEqual([
      { field: 'size', code: 'min-notional', params: { min: '1' } },
    ]);
  });

  it('values a market order at the last price for the minimum value, and skips it while that is unknown', () => {
    const market = formOf({ type: 'market', size: '0.005' });
    expect(summarizeOrderForm(market, context).problems).toEqual([
      { field: 'size', code: 'min-notional', params: { min: '1' } },
    ]);
    expect(summarizeOrderForm(market, contextOf(SPOT, { lastPrice: null })).problems).toEqual([]);
  });

  it('refuses more than the balance, and checks no balance while it is unknown', () => {
    const form = formOf({ price: '100.00', size: '20' });
    expect(summarizeOrderForm(form, context).problems).toEqual([
      { field: 'size', code: 'balance', params: { available: '1000' } },
    ]);
    expect(summarizeOrderForm(form, contextOf(SPOT, { session: 'unknown' })).problems).toEqual([]);
  });

  it('still builds the request while a problem blocks sending it', () => {
    const summary = summarizeOrderForm(formOf({ price: '100.00', size: '20' }), context);
    expect(summary.canSend).toBe(false);
    expect(summary.request?.order).toMatchObject({ size: '20' });
  });
});

describe('summarizeOrderForm with spot TP/SL presets', () => {
  it('sends them with a limit buy when ticked, and nothing of them when not', () => {
    const form = formOf({ price: '100.00', size: '1', hasPresets: true, takeProfit: '110.00', stopLoss: '95' });
    const summary = summarizeOrderForm(form, contextOf(SPOT));
    expect(summary.problems).toEqual([]);
    expect(summary.request?.order).toMatchObject({ presetTakeProfitPrice: '110.00', presetStopLossPrice: '95' });
    const unticked = summarizeOrderForm({ ...form, hasPresets: false, takeProfit: '1' }, contextOf(SPOT));
    expect(unticked.problems).toEqual([]);
    expect(unticked.request?.order).not.toHaveProperty('presetTakeProfitPrice');
  });

  it('wants a buy take-profit above the limit price and its stop-loss below it', () => {
    const form = formOf({ price: '100.00', size: '1', hasPresets: true, takeProfit: '100.00', stopLoss: '101' });
    const summary = summarizeOrderForm(form, contextOf(SPOT));
    expect(summary.problems).toEqual([
      { field: 'takeProfit', code: 'preset-above', params: { price: '100.00' } },
      { field: 'stopLoss', code: 'preset-below', params: { price: '100.00' } },
    ]);
    expect(summary.canSend).toBe(false);
  });

  it('weighs a market sell’s presets against the last price, the other way round', () => {
    const form = formOf({
      type: 'market',
      side: 'sell',
      size: '0.1',
      hasPresets: true,
      takeProfit: '102',
      stopLoss: '99',
    });
    const summary = summarizeOrderForm(form, contextOf(SPOT, { lastPrice: '101.00' }));
    expect(summary.problems).toEqual([
      { field: 'takeProfit', code: 'preset-below', params: { price: '101.00' } },
      { field: 'stopLoss', code: 'preset-above', params: { price: '101.00' } },
    ]);
    const right = summarizeOrderForm(
      { ...form, takeProfit: '90', stopLoss: '105' },
      contextOf(SPOT, { lastPrice: '101.00' }),
    );
    expect(right.problems).toEqual([]);
    expect(right.request?.order).toMatchObject({ presetTakeProfitPrice: '90', presetStopLossPrice: '105' });
  });

  it('shows the tick problem of a preset rather than its side', () => {
    const form = formOf({ price: '100.00', size: '1', hasPresets: true, takeProfit: '0', stopLoss: '' });
    expect(summarizeOrderForm(form, contextOf(SPOT)).problems).toEqual([
      { field: 'takeProfit', code: 'not-positive', params: { step: '0.01' } },
    ]);
  });
});

describe('summarizeOrderForm on futures, one-way mode', () => {
  const context = contextOf(FUTURES, { lastPrice: '60000.0', positions: [LONG] });

  it('counts the long a sell closes first: its Max adds the long to what the margin opens', () => {
    const sell = summarizeOrderForm(formOf({ side: 'sell', price: '60000.0' }), context);
    // Buy: 10000 / (6000 + 60) → 1.650. Sell: the long's 0.5 for its fee, then 1.645 more.
    expect(sell.maxOpen).toEqual({ long: '1.650', short: '2.145' });
    expect(sell.closing).toEqual({ closable: '0.5', isCloseOnly: false });
    expect(sell.maxSize).toBe('2.145');
  });

  it('does not refuse the Max it chose: margin is asked only for what opens', () => {
    const summary = summarizeOrderForm(formOf({ side: 'sell', price: '60000.0', size: '2.145' }), context);
    expect(summary.problems).toEqual([]);
    expect(summary.percentOfMax).toBe(100);
    // The estimate values the whole order at the leverage.
    expect(summary.estimate).toEqual({ kind: 'margin', value: '12870.00' });
    expect(summary.request).toEqual({
      market: 'futures',
      order: {
        symbol: 'BTCUSDT',
        side: 'sell',
        orderType: 'limit',
        force: 'gtc',
        price: '60000.0',
        size: '2.145',
        productType: 'USDT-FUTURES',
        marginMode: 'crossed',
        reduceOnly: 'NO',
      },
    });
  });

  it('refuses an opening order the margin does not cover', () => {
    const summary = summarizeOrderForm(formOf({ price: '60000.0', size: '2' }), context);
    expect(summary.problems).toEqual([{ field: 'size', code: 'balance', params: { available: '10000' } }]);
  });

  it('caps a reduce-only order at the position, asks no margin, and sends no presets', () => {
    const form = formOf({ side: 'sell', price: '60000.0', reduceOnly: true, hasPresets: true, takeProfit: '0' });
    const summary = summarizeOrderForm(form, context);
    expect(summary.closing).toEqual({ closable: '0.5', isCloseOnly: true });
    expect(summary.maxSize).toBe('0.500');
    const sent = summarizeOrderForm({ ...form, size: '0.5' }, context);
    expect(sent.problems).toEqual([]);
    expect(futuresOrderOf(sent)).toMatchObject({ reduceOnly: 'YES' });
    expect(futuresOrderOf(sent).presetStopSurplusPrice).toBeUndefined();
  });

  it('sends the take-profit and stop-loss of an opening order', () => {
    const form = formOf({ price: '60000.0', size: '0.1', hasPresets: true, takeProfit: '61000.0', stopLoss: '59000' });
    const summary = summarizeOrderForm(form, context);
    expect(summary.problems).toEqual([]);
    expect(futuresOrderOf(summary)).toMatchObject({
      presetStopSurplusPrice: '61000.0',
      presetStopLossPrice: '59000',
    });
  });

  it('refuses a take-profit that is not positive and a stop-loss off the tick', () => {
    const form = formOf({ price: '60000.0', size: '0.1', hasPresets: true, takeProfit: '0', stopLoss: '59000.05' });
    const summary = summarizeOrderForm(form, context);
    expect(summary.problems).toEqual([
      { field: 'takeProfit', code: 'not-positive', params: { step: '0.1' } },
      { field: 'stopLoss', code: 'tick', params: { step: '0.1' } },
    ]);
    expect(summary.canSend).toBe(false);
  });

  it('waits for the settings: no request, nothing sent', () => {
    const summary = summarizeOrderForm(
      formOf({ price: '60000.0', size: '0.1' }),
      contextOf(FUTURES, { settings: null }),
    );
    expect(summary.isWaitingForSettings).toBe(true);
    expect(summary.problems).toEqual([]);
    expect(summary.canSend).toBe(false);
    expect(summary.request).toBeNull();
  });
});

describe('summarizeOrderForm on futures, hedge mode', () => {
  const context = contextOf(FUTURES, {
    lastPrice: '60000.0',
    positions: [LONG],
    settings: { ...SETTINGS, posMode: 'hedge_mode' },
  });

  it('opens a short beside the long, whatever the long', () => {
    const summary = summarizeOrderForm(formOf({ side: 'sell', price: '60000.0' }), context);
    expect(summary.isHedge).toBe(true);
    expect(summary.closing).toEqual({ closable: '0', isCloseOnly: false });
    expect(summary.maxOpen?.short).toBe('1.650');
    expect(summary.maxSize).toBe('1.650');
  });

  it('caps closing the long at the long, and sends it as a close', () => {
    const form = formOf({ price: '60000.0', tradeSide: 'close', size: '0.5' });
    const summary = summarizeOrderForm(form, context);
    expect(summary.closing).toEqual({ closable: '0.5', isCloseOnly: true });
    expect(summary.maxSize).toBe('0.500');
    expect(futuresOrderOf(summary)).toMatchObject({ tradeSide: 'close' });
    expect(futuresOrderOf(summary).reduceOnly).toBeUndefined();
  });
});

describe('summarizeOrderForm margin tiers in Max', () => {
  const positions = [
    position({ holdSide: 'long', marginMode: 2, positionsCount: '40' }),
    position({ holdSide: 'short', marginMode: 2, positionsCount: '30' }),
    position({ holdSide: 'long', marginMode: 1, positionsCount: '100' }),
    position({ symbol: 'ETHUSDT', holdSide: 'long', marginMode: 2, positionsCount: '1000' }),
  ];
  const roomOf = (maxPositionSize: string | null, marginMode: 'isolated' | 'crossed', side: 'buy' | 'sell') =>
    summarizeOrderForm(
      formOf({ side, price: '60000.0' }),
      contextOf(FUTURES, {
        positions,
        settings: {
          ...SETTINGS,
          maxPositionSize,
          maxLongPositionSize: maxPositionSize,
          maxShortPositionSize: maxPositionSize,
          marginMode,
        },
      }),
    ).maxInput.positionRoom;

  it('counts every cross leg of the symbol together, as the gateway chooses the tier', () => {
    expect(roomOf('150', 'crossed', 'buy')).toBe('80');
    expect(roomOf('150', 'crossed', 'sell')).toBe('80');
  });

  it("counts only the side's own isolated position in isolated mode", () => {
    expect(roomOf('150', 'isolated', 'buy')).toBe('50');
    expect(roomOf('150', 'isolated', 'sell')).toBe('150');
  });

  it('is never negative, and absent when the gateway gave no cap', () => {
    expect(roomOf('60', 'crossed', 'buy')).toBe('0');
    expect(roomOf(null, 'crossed', 'buy')).toBeUndefined();
  });

  it('stops Max where the tiers stop the position at this leverage', () => {
    // Isolated, the tiers allow 1.2 BTC at 10x: the 0.5 long may grow by 0.7; a short may open 1.2 after closing it.
    const settings: FuturesSettings = {
      ...SETTINGS,
      marginMode: 'isolated',
      maxPositionSize: '1.2',
      maxLongPositionSize: '1.2',
      maxShortPositionSize: '1.2',
    };
    const context = contextOf(FUTURES, { lastPrice: '60000.0', positions: [LONG], settings });
    const summary = summarizeOrderForm(formOf({ price: '60000.0' }), context);
    expect(summary.maxOpen).toEqual({ long: '0.700', short: '1.700' });
    expect(summary.maxSize).toBe('0.700');
  });

  it("stops each side where the tiers stop it at that side's own isolated leverage", () => {
    // The long runs at 10x (tiers allow 1.2 BTC), the short at 20x (0.3 BTC): the 0.5 long still closes first.
    const settings: FuturesSettings = {
      ...SETTINGS,
      marginMode: 'isolated',
      shortLeverage: 20,
      maxPositionSize: '1.2',
      maxLongPositionSize: '1.2',
      maxShortPositionSize: '0.3',
    };
    const context = contextOf(FUTURES, { lastPrice: '60000.0', positions: [LONG], settings });
    expect(summarizeOrderForm(formOf({ price: '60000.0' }), context).maxOpen).toEqual({
      long: '0.700',
      short: '0.800',
    });
  });
});

describe('summarizeOrderForm with a leverage per isolated side', () => {
  const isolated: FuturesSettings = { ...SETTINGS, marginMode: 'isolated', longLeverage: 10, shortLeverage: 20 };
  const context = contextOf(FUTURES, { lastPrice: '60000.0', settings: isolated });

  it('values the margin of a buy at the long leverage and of a sell at the short one', () => {
    const buy = summarizeOrderForm(formOf({ side: 'buy', price: '60000.0', size: '1.000' }), context);
    const sell = summarizeOrderForm(formOf({ side: 'sell', price: '60000.0', size: '1.000' }), context);
    expect(buy.estimate).toEqual({ kind: 'margin', value: '6000.00' });
    expect(sell.estimate).toEqual({ kind: 'margin', value: '3000.00' });
  });

  it('gives the short side twice the Max of the long one at twice the leverage', () => {
    const summary = summarizeOrderForm(formOf({ price: '60000.0' }), context);
    // Buy: 10000 / (6000 + 60) → 1.650. Sell: 10000 / (3000 + 60) → 3.267.
    expect(summary.maxOpen).toEqual({ long: '1.650', short: '3.267' });
  });

  it('uses the one cross leverage for both sides in cross margin, whatever the isolated sides hold', () => {
    const cross = contextOf(FUTURES, { lastPrice: '60000.0', settings: { ...isolated, marginMode: 'crossed' } });
    expect(summarizeOrderForm(formOf({ price: '60000.0' }), cross).maxOpen).toEqual({ long: '1.650', short: '1.650' });
  });
});
