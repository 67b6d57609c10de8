import { Hono } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { pastSettlements } from './funding-history';
import type { InstrumentSpec } from './instruments';
import type { MarketSimulator } from './simulator';
import { formatScaled } from './scaled-decimal';
import { tiersOf } from './margin-tiers';
import { integerParameter, requireInstrument, requireProductType, simulatedLine } from './market-input';

const FUNDING_PAGE_SIZE_DEFAULT = 20;
const FUNDING_PAGE_SIZE_MAX = 100;
/** Far past the ~300 settlements the hour history covers; a page beyond them is empty, not an error. */
const FUNDING_PAGE_NO_MAX = 10_000;

/**
 * Public futures reference data in the public v2 API's shapes and envelope: `history-fund-rate` (past funding
 * settlements, derived from the candles by {@link pastSettlements}) and `query-position-lever` (the margin tiers the
 * paper trading's liquidation maths applies).
 */
export function marketFundingRoutes(simulator: MarketSimulator): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.get('/api/v2/mix/market/history-fund-rate', (c) => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    const pageSize = integerParameter(c, 'pageSize', {
      min: 1,
      max: FUNDING_PAGE_SIZE_MAX,
      fallback: FUNDING_PAGE_SIZE_DEFAULT,
    });
    const pageNo = integerParameter(c, 'pageNo', { min: 1, max: FUNDING_PAGE_NO_MAX, fallback: 1 });
    const index = indexPairOf(simulator, spec);
    const settlements = pastSettlements(
      {
        perpetual: { history: simulator.getCandleHistory(spec.instType, spec.symbol)!, pricePlace: spec.pricePlace },
        index: index && {
          history: simulator.getCandleHistory(index.instType, index.symbol)!,
          pricePlace: index.pricePlace,
        },
        nowMs: Number(simulator.getTicker(spec.instType, spec.symbol)!.ts),
      },
      { offset: (pageNo - 1) * pageSize, limit: pageSize },
    );
    return replyMarketOk(
      c,
      settlements.map((settlement) => ({
        symbol: spec.symbol,
        fundingRate: formatScaled(settlement.fundingMicros, 6),
        fundingTime: String(settlement.fundingTime),
      })),
    );
  });

  routes.get('/api/v2/mix/market/query-position-lever', (c) => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    // Sizes are in the base coin, as the tier table and the liquidation maths read them.
    return replyMarketOk(
      c,
      tiersOf(spec.symbol).map(([minSize, maxSize, mmr, maxLeverage], tier) => ({
        symbol: spec.symbol,
        level: String(tier + 1),
        startUnit: String(minSize),
        endUnit: String(maxSize),
        leverage: String(maxLeverage),
        keepMarginRate: String(mmr),
      })),
    );
  });

  return routes;
}

/** The spot pair a perpetual's index follows: the one of its base and quote coin, as the simulator pairs them. */
function indexPairOf(simulator: MarketSimulator, spec: InstrumentSpec): InstrumentSpec | undefined {
  return simulator
    .listInstruments('SPOT')
    .find((spot) => spot.baseCoin === spec.baseCoin && spot.quoteCoin === spec.quoteCoin);
}
