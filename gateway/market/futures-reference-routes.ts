import { type Context, Hono } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { futuresTickerView } from './exchange-views';
import { FUNDING_CAP_MICROS, FUNDING_INTERVAL_MS } from './funding-model';
import type { InstrumentSpec } from './instruments';
import type { TickerSnapshot } from './market-types';
import type { MarketSimulator } from './simulator';
import { formatScaled } from './scaled-decimal';
import { queryValue, requireInstrument, requireProductType, simulatedLine } from './market-input';

/** The funding interval in hours, as `fundingRateInterval` and `ratePeriod` state it. */
const FUNDING_HOURS = String(FUNDING_INTERVAL_MS / 3_600_000);
const MAX_FUNDING_RATE = formatScaled(FUNDING_CAP_MICROS, 6);
const MIN_FUNDING_RATE = formatScaled(-FUNDING_CAP_MICROS, 6);

/**
 * One perpetual's live figures in the public v2 API's shapes and envelope, each for `symbol` and `productType`:
 * `GET /api/v2/mix/market/ticker` (the ticker of `…/tickers`, as a one-row list), `symbol-price` (last, index and
 * mark), `current-fund-rate` (symbol optional: every contract of the product type), `funding-time` (next settlement)
 * and `open-interest` (the simulated holding, base coin).
 */
export function futuresReferenceRoutes(simulator: MarketSimulator): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  /** The ticker of the required `symbol` of the required `productType`. */
  const tickerOf = (c: Context<GatewayEnv>): TickerSnapshot => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    return simulator.getTicker(spec.instType, spec.symbol)!;
  };

  routes.get('/api/v2/mix/market/ticker', (c) => replyMarketOk(c, [futuresTickerView(tickerOf(c))]));

  routes.get('/api/v2/mix/market/symbol-price', (c) => {
    const t = tickerOf(c);
    return replyMarketOk(c, [
      {
        symbol: t.symbol,
        price: t.lastPr,
        indexPrice: t.indexPrice ?? t.lastPr,
        markPrice: t.markPrice ?? t.lastPr,
        ts: t.ts,
      },
    ]);
  });

  routes.get('/api/v2/mix/market/current-fund-rate', (c) => {
    const specs = contractsOf(c, simulator);
    return replyMarketOk(
      c,
      specs.map((spec) => {
        const t = simulator.getTicker(spec.instType, spec.symbol)!;
        return {
          symbol: t.symbol,
          fundingRate: t.fundingRate ?? '0',
          fundingRateInterval: FUNDING_HOURS,
          nextUpdate: t.nextFundingTime ?? '0',
          minFundingRate: MIN_FUNDING_RATE,
          maxFundingRate: MAX_FUNDING_RATE,
        };
      }),
    );
  });

  routes.get('/api/v2/mix/market/funding-time', (c) => {
    const t = tickerOf(c);
    return replyMarketOk(c, [
      { symbol: t.symbol, nextFundingTime: t.nextFundingTime ?? '0', ratePeriod: FUNDING_HOURS },
    ]);
  });

  routes.get('/api/v2/mix/market/open-interest', (c) => {
    const t = tickerOf(c);
    return replyMarketOk(c, { openInterestList: [{ symbol: t.symbol, size: t.holdingAmount ?? '0' }], ts: t.ts });
  });

  return routes;
}

/**
 * The contracts of the required `productType`, or the one named by an optional `symbol`: none for a product type
 * the gateway does not simulate, 40034 for a symbol it does not list.
 */
function contractsOf(c: Context<GatewayEnv>, simulator: MarketSimulator): InstrumentSpec[] {
  const line = simulatedLine(requireProductType(c));
  if (queryValue(c, 'symbol') !== undefined) return [requireInstrument(c, simulator, line)];
  return line ? simulator.listInstruments(line) : [];
}
