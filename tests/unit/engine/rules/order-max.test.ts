import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeOf } from '../../../../gateway/trading/trade-fees';
import {
  type OrderMaxInput,
  orderSizeFor,
  percentOfMax,
  quoteFromSize,
  sizeFromQuote,
} from '../../../../engine/rules/order-max';

const spotBuy = (patch: Partial<OrderMaxInput> = {}): OrderMaxInput => ({
  market: 'spot',
  side: 'buy',
  available: '1000',
  price: '100',
  isMarket: false,
  leverage: 1,
  takerFeeRate: '0.001',
  sizeStep: '0.001',
  reservePlaces: 2,
  ...patch,
});

/** A BTCUSDT perpetual order at 50000, 10x, with 1000 USDT of available margin. */
const futuresBuy = (patch: Partial<OrderMaxInput> = {}): OrderMaxInput => ({
  market: 'futures',
  side: 'buy',
  available: '1000',
  price: '50000',
  isMarket: false,
  leverage: 10,
  takerFeeRate: '0.0006',
  sizeStep: '0.0001',
  reservePlaces: 1,
  ...patch,
});

describe('orderSizeFor', () => {
  it('sizes a spot buy at the quote available ÷ price: its fee is paid in the base coin it receives', () => {
    // 1000 / 100 = 10: the gateway holds 1000 USDT and takes the fee out of the 10 BTC bought.
    expect(orderSizeFor(spotBuy(), 100)).toBe('10.000');
    expect(orderSizeFor(spotBuy(), 50)).toBe('5.000');
    // A quarter at 100.3: 250 / 100.3 = 2.4925… → 2.492 (250 − 2.492 × 100.3 = 0.0484 left, under a lot's value).
    expect(orderSizeFor(spotBuy({ price: '100.3' }), 25)).toBe('2.492');
    // The fee rate changes nothing for a spot buy.
    expect(orderSizeFor(spotBuy({ takerFeeRate: '0.01' }), 100)).toBe('10.000');
  });

  it('steps back a lot when the value would not fit', () => {
    // 100.1 / 0.7 = 143.0: 143 × 0.7 = 100.1 fits exactly; at 0.71, 140.98… → 140.
    expect(orderSizeFor(spotBuy({ available: '100.1', price: '0.7', sizeStep: '1' }), 100)).toBe('143');
    expect(orderSizeFor(spotBuy({ available: '100.1', price: '0.71', sizeStep: '1' }), 100)).toBe('140');
  });

  it('sizes a spot sell at the base available floored to the lot', () => {
    const input = spotBuy({ side: 'sell', available: '0.123456789', sizeStep: '0.0001', price: null });
    expect(orderSizeFor(input, 100)).toBe('0.1234');
    expect(orderSizeFor(input, 50)).toBe('0.0617');
    expect(orderSizeFor(input, 0)).toBe('0.0000');
  });

  it('sizes futures at available margin × leverage ÷ price, less the taker fee', () => {
    const input = futuresBuy();
    // 1000 / (5000 + 30) = 0.19880…: margin 994.0 + fee 5.964 → 6.0 = 1000.0.
    expect(orderSizeFor(input, 100)).toBe('0.1988');
    expect(orderSizeFor({ ...input, side: 'sell' }, 100)).toBe('0.1988');
    // Leverage 1: 1000 / 50030 = 0.01998…
    expect(orderSizeFor({ ...input, leverage: 1 }, 100)).toBe('0.0199');
  });

  it('counts the opposite position a one-way order closes first: margin only for what it opens, the fee on all', () => {
    const input = futuresBuy({ closable: '0.5' });
    // Closing the 0.5 short costs its fee (15.0); the rest opens: 0.1958 → margin 979.0 + fee on 0.6958 20.9.
    expect(orderSizeFor(input, 100)).toBe('0.6958');
    // A share is that share of the size, not of the margin (which would close the short for its fee alone).
    expect(orderSizeFor(input, 50)).toBe('0.3479');
    expect(orderSizeFor(input, 0)).toBe('0.0000');
    // Without the short it is the plain figure.
    expect(orderSizeFor({ ...input, closable: '0' }, 100)).toBe('0.1988');
  });

  it('never sizes a closing order above the position, nor above what its fee leaves', () => {
    const input = futuresBuy({ side: 'sell', closable: '0.5', isCloseOnly: true });
    expect(orderSizeFor(input, 100)).toBe('0.5000');
    expect(orderSizeFor(input, 25)).toBe('0.1250');
    // 10 USDT pays the fee of 0.3333 (9.9990 → 10.0), not of 0.3334 (10.002 → 10.1).
    expect(orderSizeFor({ ...input, available: '10' }, 100)).toBe('0.3333');
    expect(orderSizeFor({ ...input, closable: '0' }, 100)).toBe('0.0000');
  });

  it('stops where the margin tiers stop the position at this leverage, a share being a share of that cap', () => {
    // The balance allows 0.1988; the tiers let the position grow by 0.05 more.
    const input = futuresBuy({ positionRoom: '0.05' });
    expect(orderSizeFor(input, 100)).toBe('0.0500');
    expect(orderSizeFor(input, 50)).toBe('0.0250');
    // A cap above what the balance allows changes nothing, at any share.
    expect(orderSizeFor({ ...input, positionRoom: '5' }, 100)).toBe('0.1988');
    expect(orderSizeFor({ ...input, positionRoom: '5' }, 33)).toBe(orderSizeFor(futuresBuy(), 33));
    // The cap counts only what opens: a one-way order first closes the 0.5 short in full.
    expect(orderSizeFor({ ...input, closable: '0.5' }, 100)).toBe('0.5500');
    // No room at all: only the closing part; a closing-only order is never capped by the tiers.
    expect(orderSizeFor({ ...input, positionRoom: '0' }, 100)).toBe('0.0000');
    expect(orderSizeFor(futuresBuy({ side: 'sell', closable: '0.5', isCloseOnly: true, positionRoom: '0' }), 100)).toBe(
      '0.5000',
    );
  });

  it('sizes a market buy at the last price plus 1 %, for the walk up the asks', () => {
    expect(orderSizeFor(spotBuy({ available: '1010', takerFeeRate: '0', isMarket: true }), 100)).toBe('10.000');
    expect(orderSizeFor(spotBuy({ available: '1010', takerFeeRate: '0', isMarket: false }), 100)).toBe('10.100');
  });

  it('is null while the balance or the price is unknown, and zero lots when nothing fits', () => {
    expect(orderSizeFor(spotBuy({ available: null }), 100)).toBeNull();
    expect(orderSizeFor(spotBuy({ price: null }), 100)).toBeNull();
    expect(orderSizeFor(spotBuy({ price: '0' }), 100)).toBeNull();
    expect(orderSizeFor(spotBuy({ available: '0' }), 100)).toBe('0.000');
    expect(orderSizeFor(spotBuy({ available: '0.00000001', price: '90000' }), 100)).toBe('0.000');
  });

  it('clamps the share to 0 … 100 %', () => {
    expect(orderSizeFor(spotBuy(), 150)).toBe('10.000');
    expect(orderSizeFor(spotBuy(), -5)).toBe('0.000');
    expect(orderSizeFor(spotBuy(), Number.NaN)).toBe('0.000');
  });

  it('keeps huge and tiny figures exact (no float, no exponent)', () => {
    const huge = spotBuy({ available: '900000000000000000000', price: '0.00000001', sizeStep: '1', takerFeeRate: '0' });
    expect(orderSizeFor(huge, 100)).toBe('90000000000000000000000000000');
    const tiny = spotBuy({ available: '0.00000123', price: '0.00000001', sizeStep: '0.00000001', takerFeeRate: '0' });
    expect(orderSizeFor(tiny, 100)).toBe('123.00000000');
  });
});

/** A plain decimal as an integer count of 10^-places (exact; throws when it has more places). */
function unitsOf(decimal: string, places: number): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  if (fraction.length > places) throw new Error(`${decimal} has more than ${places} places`);
  return BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
}

const ceilDiv = (a: bigint, b: bigint) => (a % b === 0n ? a / b : a / b + 1n);

/** What the gateway freezes or holds for a limit order (paper-trading contract), in units of 10^-PLACES. */
const PLACES = 30;
function gatewayReserve(input: OrderMaxInput, size: string, quotePlaces: number): bigint {
  const value = (unitsOf(input.price as string, 15) * unitsOf(size, 15)) as bigint; // 10^-30
  // A spot buy holds its value only: its fee is paid in the base coin it receives.
  if (input.market === 'spot') return value;
  const fee = feeOf(value, PLACES, input.takerFeeRate, quotePlaces) * 10n ** BigInt(PLACES - quotePlaces);
  // The gateway holds margin for what the order opens beyond the position it closes first.
  const closing = unitsOf(input.closable ?? '0', 15);
  const sized = unitsOf(size, 15);
  const opening = (unitsOf(input.price as string, 15) * (sized > closing ? sized - closing : 0n)) as bigint;
  const scale = 10n ** BigInt(PLACES - quotePlaces);
  const margin = ceilDiv(ceilDiv(opening, BigInt(input.leverage)), scale) * scale;
  return margin + fee;
}

const decimalText = (places: number) =>
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.constant(places)).map(([n, p]) => {
    const digits = n.toString().padStart(p + 1, '0');
    return p === 0 ? digits : `${digits.slice(0, -p)}.${digits.slice(-p)}`;
  });

/** An order's random figures: side, balance, price, leverage, fee rate and lot places. */
const ORDER_FIGURES = {
  side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
  available: fc.integer({ min: 0, max: 8 }).chain(decimalText),
  price: fc.integer({ min: 0, max: 6 }).chain(decimalText),
  leverage: fc.integer({ min: 1, max: 125 }),
  takerFeeRate: fc.constantFrom('0', '0.0002', '0.0006', '0.001', '0.002'),
  sizePlaces: fc.integer({ min: 0, max: 8 }),
};

/** The lot of `places` decimals ("1", "0.1", "0.01"…). */
const lotOf = (places: number) => (places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`);

/** A size one lot larger, as the same plain decimal with 8 places. */
function plusOneLot(size: string, step: string): string {
  const units = (unitsOf(size, 8) + unitsOf(step, 8)).toString().padStart(9, '0');
  return `${units.slice(0, -8)}.${units.slice(-8)}`;
}

describe('orderSizeFor, against the gateway’s own fee rounding', () => {
  it('never sizes a limit order above what the gateway would accept, and one more lot would not fit', () => {
    fc.assert(
      fc.property(
        fc.record({
          market: fc.constantFrom<'spot' | 'futures'>('spot', 'futures'),
          ...ORDER_FIGURES,
          reservePlaces: fc.integer({ min: 0, max: 6 }),
          extraQuotePlaces: fc.integer({ min: 0, max: 2 }),
          percent: fc.integer({ min: 0, max: 100 }),
        }),
        (c) => {
          fc.pre(Number(c.price) > 0);
          const input: OrderMaxInput = {
            ...c,
            isMarket: false,
            sizeStep: lotOf(c.sizePlaces),
          };
          const size = orderSizeFor(input, c.percent) as string;
          expect(size).toMatch(/^\d+(\.\d+)?$/);
          expect((size.split('.')[1] ?? '').length).toBe(c.sizePlaces);
          const budget = (unitsOf(c.available, 8) * BigInt(c.percent) * 10n ** 22n) / 100n; // 10^-30, floored
          if (c.market === 'spot' && c.side === 'sell') {
            expect(unitsOf(size, 8) * 10n ** 22n <= budget).toBe(true);
            return;
          }
          // The gateway rounds at its quote precision, never coarser than the price places the client passes.
          const gatewayPlaces = c.reservePlaces + c.extraQuotePlaces;
          expect(gatewayReserve(input, size, gatewayPlaces) <= budget).toBe(true);
          expect(gatewayReserve(input, plusOneLot(size, input.sizeStep), c.reservePlaces) > budget).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('orderSizeFor with a position closed first, against the gateway’s own rounding', () => {
  it('fits the whole available margin at 100 %, one more lot would not fit, and a closing order stays within the position', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...ORDER_FIGURES,
          closableLots: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          reservePlaces: fc.integer({ min: 0, max: 6 }),
          isCloseOnly: fc.boolean(),
        }),
        (c) => {
          fc.pre(Number(c.price) > 0);
          const sizeStep = lotOf(c.sizePlaces);
          const lots = c.closableLots.toString().padStart(c.sizePlaces + 1, '0');
          const closable = c.sizePlaces === 0 ? lots : `${lots.slice(0, -c.sizePlaces)}.${lots.slice(-c.sizePlaces)}`;
          const input: OrderMaxInput = { ...c, market: 'futures', isMarket: false, sizeStep, closable };
          const size = orderSizeFor(input, 100) as string;
          expect((size.split('.')[1] ?? '').length).toBe(c.sizePlaces);
          const budget = unitsOf(c.available, 8) * 10n ** 22n; // 10^-30
          expect(gatewayReserve(input, size, c.reservePlaces) <= budget).toBe(true);
          if (c.isCloseOnly) expect(unitsOf(size, 8) <= unitsOf(closable, 8)).toBe(true);
          const next = plusOneLot(size, sizeStep);
          const isNextTooBig = c.isCloseOnly && unitsOf(next, 8) > unitsOf(closable, 8);
          if (!isNextTooBig) expect(gatewayReserve(input, next, c.reservePlaces) > budget).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('percentOfMax', () => {
  it('is the nearest whole percent of the maximum, 0 … 100, and 100 only at the maximum', () => {
    expect(percentOfMax('4.995', '9.990')).toBe(50);
    expect(percentOfMax('4.994', '9.990')).toBe(50);
    expect(percentOfMax('1', '3')).toBe(33);
    expect(percentOfMax('2', '3')).toBe(67);
    expect(percentOfMax('9.989', '9.990')).toBe(99);
    expect(percentOfMax('9.990', '9.990')).toBe(100);
    expect(percentOfMax('12', '9.99')).toBe(100);
    expect(percentOfMax('', '9.99')).toBe(0);
    expect(percentOfMax('1', '0')).toBe(0);
    expect(percentOfMax('1', null)).toBe(0);
  });
});

describe('sizeFromQuote', () => {
  it('divides the quote amount by the price and floors it to the lot', () => {
    expect(sizeFromQuote('100', '30000', '0.000001')).toBe('0.003333');
    expect(sizeFromQuote('100', '3', '1')).toBe('33');
    expect(sizeFromQuote('0.5', '3', '1')).toBe('0');
  });

  it('is null while the amount or the price is not a number, or the price is zero', () => {
    expect(sizeFromQuote('', '3', '1')).toBeNull();
    expect(sizeFromQuote('1', null, '1')).toBeNull();
    expect(sizeFromQuote('1', '0', '1')).toBeNull();
  });
});

describe('quoteFromSize', () => {
  it('values a base size at the price, rounded down to the places', () => {
    expect(quoteFromSize('0.003333', '30000', 2)).toBe('99.99');
    expect(quoteFromSize('1', '0.123', 2)).toBe('0.12');
    expect(quoteFromSize('', '1', 2)).toBeNull();
  });
});
