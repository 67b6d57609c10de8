import type { LedgerInput, LedgerPosition, MarkTick } from '../../engine/maths/position-ledger';

/** Contracts of the bench ledgers: linear USDT and USDC, and coin-margined. */
const CONTRACTS = [
  { symbol: 'BTCUSDT', coin: 'USDT', line: 10, price: 68000, pricePlace: 1 },
  { symbol: 'ETHUSDT', coin: 'USDT', line: 10, price: 3400, pricePlace: 2 },
  { symbol: 'SOLUSDT', coin: 'USDT', line: 10, price: 160, pricePlace: 3 },
  { symbol: 'XRPUSDT', coin: 'USDT', line: 10, price: 0.6, pricePlace: 4 },
  { symbol: 'BTCPERP', coin: 'USDC', line: 12, price: 68010, pricePlace: 1 },
  { symbol: 'BTCUSD', coin: 'BTC', line: 11, price: 68005, pricePlace: 1 },
] as const;

const TIERS = [
  ['0', '50', '0.004', '125'],
  ['50', '500', '0.01', '50'],
  ['500', '5000', '0.02', '20'],
] as const;

/** A small seeded generator (mulberry32), so every run measures the same ledger. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A ledger of `count` positions: each is one leg of its own synthetic instrument (a contract above with a suffix), so
 * a ledger of 10,000 has 10,000 marks moving, the worst case. Half cross, half isolated; some hedge pairs.
 */
export function benchLedger(
  count: number,
  seed = 7,
): { ledger: LedgerInput; symbols: { symbol: string; price: number; pricePlace: number }[] } {
  const next = random(seed);
  const positions: LedgerPosition[] = [];
  const symbols: { symbol: string; price: number; pricePlace: number }[] = [];
  for (let i = 0; positions.length < count; i += 1) {
    const contract = CONTRACTS[i % CONTRACTS.length];
    const symbol = `${contract.symbol}${i}`;
    const price = contract.price * (0.8 + next() * 0.4);
    symbols.push({ symbol, price, pricePlace: contract.pricePlace });
    const isCross = i % 2 === 0;
    const isHedgePair = isCross && i % 10 === 0 && positions.length + 2 <= count;
    const sides = isHedgePair ? [1, 2] : [next() < 0.5 ? 1 : 2];
    for (const side of sides) {
      const size = (0.001 + next() * 40).toFixed(4);
      const entry = (price * (0.9 + next() * 0.2)).toFixed(contract.pricePlace);
      const leverage = 5 + Math.floor(next() * 20);
      const margin =
        contract.line === 11
          ? (Number(size) / leverage).toFixed(8)
          : ((Number(size) * Number(entry)) / leverage).toFixed(2);
      positions.push({
        id: `${symbol}:${side}`,
        symbol,
        marginCoin: contract.coin,
        businessLine: contract.line,
        marginMode: isCross ? 2 : 1,
        positionMode: isHedgePair ? 2 : 1,
        position: {
          position: side,
          positionsCount: size,
          positionsOpenAvgPrice: entry,
          positionsOpenMarginCount: margin,
        },
        pricePlace: contract.pricePlace,
        tiers: TIERS,
        feeRate: '0.0006',
        totalDelegateValue: isCross && !isHedgePair && next() < 0.2 ? (next() * 5000).toFixed(2) : undefined,
      });
    }
  }
  return { ledger: { positions, crossAvailable: { USDT: '2500000', USDC: '800000', BTC: '40' } }, symbols };
}

/** The tick after `step`: every mark moves by up to ±0.05 %, and coin-margined contracts get an index price. */
export function benchTick(
  symbols: readonly { symbol: string; price: number; pricePlace: number }[],
  step: number,
): MarkTick {
  const next = random(1000 + step);
  const marks: Record<string, string> = {};
  const indexPrices: Record<string, string> = {};
  for (const { symbol, price, pricePlace } of symbols) {
    const mark = (price * (1 + (next() - 0.5) * 0.001)).toFixed(pricePlace);
    marks[symbol] = mark;
    if (symbol.startsWith('BTCUSD') && !symbol.startsWith('BTCUSDT')) indexPrices[symbol] = mark;
  }
  return { marks, indexPrices };
}
