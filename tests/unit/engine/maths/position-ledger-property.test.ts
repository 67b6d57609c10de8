import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { futuresPositionMetrics, liquidationPrice, maintenanceMarginRate } from '../../../../engine/maths';
import {
  type LedgerInput,
  type LedgerPosition,
  computeLedgerRows,
  type MarkTick,
  prepareLedger,
} from '../../../../engine/maths/position-ledger';
import { HALF_UP, MathsDecimal, toFixedString } from '../../../../engine/maths/maths-decimal';
import { measurePosition, readOpenPart } from '../../../../engine/maths/position-metrics';

const TIERS = [
  ['0', '50', '0.004', '125'],
  ['50', '500', '0.01', '50'],
  ['500', '5000', '0.02', '20'],
] as const;

/** A fixed-point string of `int / 10^places`. */
const fixed = (int: number, places: number) => {
  const negative = int < 0;
  const digits = Math.abs(int)
    .toString()
    .padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
};

const legArb = fc.record({
  cross: fc.boolean(),
  size: fc.integer({ min: 1, max: 8_000_000 }).map((n) => fixed(n, 4)),
  entry: fc.integer({ min: 1, max: 10_000_000 }).map((n) => fixed(n, 2)),
  margin: fc.integer({ min: 0, max: 100_000_000 }).map((n) => fixed(n, 2)),
  delegated: fc.option(
    fc.integer({ min: 0, max: 10_000_000 }).map((n) => fixed(n, 2)),
    { nil: undefined },
  ),
  shape: fc.constantFrom('live', 'record'),
  closedPart: fc.integer({ min: 0, max: 9 }),
});

const symbolArb = fc.record({
  inverse: fc.boolean(),
  hedge: fc.boolean(),
  legs: fc.array(legArb, { minLength: 1, maxLength: 2 }),
  firstSide: fc.constantFrom(1, 2),
  pricePlace: fc.integer({ min: 0, max: 4 }),
  profitDp: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  mark: fc.option(
    fc.integer({ min: 1, max: 10_000_000 }).map((n) => fixed(n, 2)),
    { nil: undefined, freq: 6 },
  ),
  index: fc.option(
    fc.integer({ min: 1, max: 10_000_000 }).map((n) => fixed(n, 2)),
    { nil: undefined },
  ),
});

const ledgerArb = fc.record({
  symbols: fc.array(symbolArb, { minLength: 1, maxLength: 6 }),
  usdt: fc.integer({ min: -100_000_000, max: 1_000_000_000 }).map((n) => fixed(n, 2)),
  btc: fc.integer({ min: -1_000_000, max: 100_000_000 }).map((n) => fixed(n, 6)),
  feeRate: fc.constantFrom('0.0006', '0.0002', '0'),
});

type LedgerSpec = typeof ledgerArb extends fc.Arbitrary<infer T> ? T : never;

function toLedger(spec: LedgerSpec): { input: LedgerInput; tick: MarkTick } {
  const positions: LedgerPosition[] = [];
  const marks: Record<string, string> = {};
  const indexPrices: Record<string, string> = {};
  spec.symbols.forEach((symbol, s) => {
    const name = `S${s}`;
    // One-way mode holds one side of a symbol; hedge mode may hold both.
    const legs = symbol.hedge ? symbol.legs : symbol.legs.slice(0, 1);
    legs.forEach((leg, l) => {
      const side = l === 0 ? symbol.firstSide : 3 - symbol.firstSide;
      const opened = leg.size;
      const position =
        leg.shape === 'live'
          ? {
              position: side,
              positionsCount: leg.size,
              positionsOpenAvgPrice: leg.entry,
              positionsOpenMarginCount: leg.margin,
            }
          : {
              position: side,
              openDealCount: opened,
              closeDealCount: fixed(Math.floor((Number(opened) * 10_000 * leg.closedPart) / 10), 4),
              openAvgPrice: leg.entry,
              openMarginCount: leg.margin,
            };
      positions.push({
        id: `${name}:${side}`,
        symbol: name,
        marginCoin: symbol.inverse ? 'BTC' : 'USDT',
        businessLine: symbol.inverse ? 11 : 10,
        marginMode: leg.cross ? 2 : 1,
        positionMode: symbol.hedge ? 2 : 1,
        position,
        pricePlace: symbol.pricePlace,
        profitDp: symbol.profitDp,
        tiers: TIERS,
        feeRate: spec.feeRate,
        totalDelegateValue: leg.delegated,
      });
    });
    if (symbol.mark !== undefined) marks[name] = symbol.mark;
    if (symbol.index !== undefined) indexPrices[name] = symbol.index;
  });
  return { input: { positions, crossAvailable: { USDT: spec.usdt, BTC: spec.btc } }, tick: { marks, indexPrices } };
}

/**
 * The rows as the single-position contract functions give them, with "others" summed directly over the other cross
 * positions of the margin coin: the slow, obvious reading of contracts/maths.md that the ledger must match exactly.
 */
function referenceRows({ input, tick }: { input: LedgerInput; tick: MarkTick }) {
  const opens = input.positions.map((p) => readOpenPart({ ...p.position, businessLine: p.businessLine }));
  const isCross = (p: LedgerPosition) => p.marginMode === 2;
  const group = (p: LedgerPosition) => `${p.marginCoin}|${p.symbol}`;
  const legsOf = (index: number) => {
    const p = input.positions[index];
    const legs = { long: { size: '0', entry: '0' }, short: { size: '0', entry: '0' } };
    input.positions.forEach((q, j) => {
      // Cross legs of one symbol share an equation; an isolated leg stands alone.
      if (isCross(p) ? isCross(q) && group(q) === group(p) : j === index) {
        legs[q.position.position === 1 ? 'long' : 'short'] = {
          size: opens[j].size.toString(),
          entry: opens[j].entry.toString(),
        };
      }
    });
    return legs;
  };
  const mmOf = (index: number) => {
    const p = input.positions[index];
    const legs = legsOf(index);
    return maintenanceMarginRate({
      marginMode: p.marginMode,
      side: p.position.position,
      longOpenCount: legs.long.size,
      shortOpenCount: legs.short.size,
      tiers: p.tiers,
    });
  };
  return input.positions.map((p, index) => {
    const mark = tick.marks[p.symbol] as string | undefined;
    const legs = legsOf(index);
    const side = p.position.position as 1 | 2;
    const bp = p.businessLine === 11 ? ((tick.indexPrices?.[p.symbol] as string | undefined) ?? mark) : '1';
    let othersUpnl = '0';
    let othersMaintain = '0';
    if (mark !== undefined && isCross(p)) {
      let upnl = opens[index].size.times(0);
      let maintain = upnl;
      input.positions.forEach((q, j) => {
        const qMark = tick.marks[q.symbol] as string | undefined;
        if (!isCross(q) || q.marginCoin !== p.marginCoin || group(q) === group(p) || qMark === undefined) return;
        upnl = upnl.plus(measurePosition({ ...q.position, businessLine: q.businessLine }, qMark).upnl);
        const value = q.businessLine === 11 ? opens[j].size : opens[j].size.times(qMark);
        maintain = maintain.plus(value.times(mmOf(j)));
      });
      othersUpnl = upnl.toString();
      othersMaintain = maintain.toString();
    }
    const isIsolatedLinear = !isCross(p) && p.businessLine !== 11;
    const liquidation =
      mark === undefined && !isIsolatedLinear
        ? null
        : liquidationPrice({
            businessLine: p.businessLine,
            marginMode: p.marginMode,
            positionMode: p.positionMode ?? 1,
            side,
            pricePlace: p.pricePlace,
            bp,
            available: isCross(p) ? (input.crossAvailable?.[p.marginCoin] as string) : opens[index].margin.toString(),
            othersUpnl,
            othersMaintain,
            longOpenPrice: legs.long.entry,
            longOpenCount: legs.long.size,
            shortOpenPrice: legs.short.entry,
            shortOpenCount: legs.short.size,
            totalDelegateValue: p.totalDelegateValue ?? '0',
            mm: mmOf(index),
            feeRate: p.feeRate,
          }).display;
    const metrics =
      mark === undefined
        ? null
        : futuresPositionMetrics({
            position: { ...p.position, businessLine: p.businessLine },
            markPrice: mark,
            profitDp: p.profitDp,
          });
    return {
      id: p.id,
      upnl: metrics?.upnl ?? null,
      roePercent: metrics?.roePercent ?? null,
      liquidation,
    };
  });
}

describe('position ledger against the single-position functions', () => {
  it.each([
    ['exact (BigInt) path', true],
    ['decimal.js path', false],
  ])(
    'gives every row the same uPnL, ROE and liquidation price as the contract functions, digit for digit: %s',
    (_, exact) => {
      fc.assert(
        fc.property(ledgerArb, (spec) => {
          const ledger = toLedger(spec);
          const rows = computeLedgerRows(prepareLedger(ledger.input), ledger.tick, { exact }).map(
            ({ id, upnl, roePercent, liquidation }) => ({ id, upnl, roePercent, liquidation }),
          );
          expect(rows).toEqual(referenceRows(ledger));
        }),
        { numRuns: 300 },
      );
    },
    // 300 random ledgers each way: a second or two on a quiet machine, several on a loaded two-core one.
    30_000,
  );

  it('falls back to decimal.js, with the same rows, when a mark is too long for 50 digits beside the ledger', () => {
    const ledger = toLedger({
      symbols: [
        {
          inverse: false,
          hedge: false,
          legs: [
            {
              cross: true,
              size: '1.5',
              entry: '60000',
              margin: '100',
              delegated: undefined,
              shape: 'live',
              closedPart: 0,
            },
          ],
          firstSide: 1,
          pricePlace: 2,
          profitDp: undefined,
          mark: '1',
          index: undefined,
        },
      ],
      usdt: '1000',
      btc: '0',
      feeRate: '0.0006',
    });
    const longMark = `61000.${'3'.repeat(45)}`;
    const tick = { marks: { S0: longMark } };
    const rows = computeLedgerRows(prepareLedger(ledger.input), tick).map(({ id, upnl, roePercent, liquidation }) => ({
      id,
      upnl,
      roePercent,
      liquidation,
    }));
    expect(rows).toEqual(referenceRows({ input: ledger.input, tick }));

    // The same for a coin-margined isolated position whose index price is that long.
    const inverse = toLedger({
      symbols: [
        {
          inverse: true,
          hedge: false,
          legs: [
            {
              cross: false,
              size: '300',
              entry: '60000',
              margin: '0.05',
              delegated: undefined,
              shape: 'live',
              closedPart: 0,
            },
          ],
          firstSide: 2,
          pricePlace: 1,
          profitDp: 8,
          mark: '1',
          index: undefined,
        },
      ],
      usdt: '0',
      btc: '1',
      feeRate: '0.0006',
    });
    const inverseTick = { marks: { S0: '61000.5' }, indexPrices: { S0: longMark } };
    const inverseRows = computeLedgerRows(prepareLedger(inverse.input), inverseTick).map(
      ({ id, upnl, roePercent, liquidation }) => ({ id, upnl, roePercent, liquidation }),
    );
    expect(inverseRows).toEqual(referenceRows({ input: inverse.input, tick: inverseTick }));
    expect(inverseRows[0].liquidation).not.toBeNull();
  });

  it('keeps the answer when the same ledger is ticked again with other marks', () => {
    fc.assert(
      fc.property(
        ledgerArb,
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 6, maxLength: 6 }),
        (spec, moved) => {
          const ledger = toLedger(spec);
          const prepared = prepareLedger(ledger.input);
          computeLedgerRows(prepared, ledger.tick);
          const marks = Object.fromEntries(
            Object.keys(ledger.tick.marks).map((symbol, i) => [symbol, fixed(moved[i % moved.length], 2)]),
          );
          const second = { input: ledger.input, tick: { marks, indexPrices: ledger.tick.indexPrices } };
          const rows = computeLedgerRows(prepared, second.tick).map(({ id, upnl, roePercent, liquidation }) => ({
            id,
            upnl,
            roePercent,
            liquidation,
          }));
          expect(rows).toEqual(referenceRows(second));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads marks and index prices in any form a feed may send them, ticked again and again, as the contract does', () => {
    // The same value as a feed might write it: padded with zeros either side, as a number, or as it is.
    const writtenArb = fc.constantFrom('as-is', 'leading-zeros', 'trailing-zeros', 'number', 'exponent');
    const write = (text: string, form: string): string | number => {
      if (form === 'leading-zeros') return `00${text}`;
      if (form === 'trailing-zeros') return text.includes('.') ? `${text}000` : `${text}.000`;
      if (form === 'number') return Number(text);
      if (form === 'exponent')
        return `${text.replace('.', '')}e-${text.includes('.') ? text.length - text.indexOf('.') - 1 : 0}`;
      return text;
    };
    fc.assert(
      fc.property(
        ledgerArb,
        fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 5 }), writtenArb), {
          minLength: 3,
          maxLength: 12,
        }),
        (spec, written) => {
          const ledger = toLedger(spec);
          const prepared = prepareLedger(ledger.input);
          for (let step = 0; step < 3; step += 1) {
            const marks: Record<string, string | number> = {};
            const indexPrices: Record<string, string | number> = {};
            const plain: Record<string, string> = {};
            Object.keys(ledger.tick.marks).forEach((symbol, i) => {
              const [units, places, form] = written[(i + step) % written.length];
              plain[symbol] = fixed(units + step, places);
              marks[symbol] = write(plain[symbol], form);
              if (ledger.tick.indexPrices?.[symbol] !== undefined)
                indexPrices[symbol] = write(fixed(units + 7 * step + 1, places), form);
            });
            const tick = { marks, indexPrices };
            const rows = computeLedgerRows(prepared, tick);
            const picked = rows.map(({ id, upnl, roePercent, liquidation }) => ({ id, upnl, roePercent, liquidation }));
            expect(picked).toEqual(
              referenceRows({
                input: ledger.input,
                tick: {
                  marks: plain,
                  indexPrices: Object.fromEntries(
                    Object.entries(indexPrices).map(([symbol, value]) => [
                      symbol,
                      String(new MathsDecimal(value).toFixed()),
                    ]),
                  ),
                },
              }),
            );
            // The mark column shows the mark to the symbol's price places, however it was written.
            rows.forEach((row, i) => {
              const position = ledger.input.positions[i];
              const mark = plain[position.symbol];
              expect(row.mark).toBe(
                mark === undefined ? null : toFixedString(new MathsDecimal(mark), Number(position.pricePlace), HALF_UP),
              );
            });
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
