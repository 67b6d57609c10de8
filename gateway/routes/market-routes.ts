import { type Context, Hono } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { GatewayError } from '../http/gateway-error';
import { contractView, futuresTickerView, spotSymbolView, spotTickerView } from '../market/exchange-views';
import type { InstrumentSpec, InstType } from '../market/instruments';
import type { MarketSimulator } from '../market/simulator';

const SYMBOL_PATTERN = /^[A-Z0-9_]{1,32}$/;
/** Product types of the public v2 API; only USDT-M is simulated, the others list nothing. */
const PRODUCT_TYPES = new Set(['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES']);

/** The public market REST snapshots of the market-data contract: spot symbols and tickers, futures contracts and tickers. */
export function marketRoutes(simulator: MarketSimulator): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.get('/api/v2/spot/public/symbols', (c) => replyMarketOk(c, pick(c, simulator, 'SPOT').map(spotSymbolView)));
  routes.get('/api/v2/spot/market/tickers', (c) =>
    replyMarketOk(c, tickersOf(simulator, pick(c, simulator, 'SPOT')).map(spotTickerView)),
  );
  routes.get('/api/v2/mix/market/contracts', (c) => {
    const specs = productType(c) === 'USDT-FUTURES' ? pick(c, simulator, 'USDT-FUTURES') : [];
    return replyMarketOk(c, specs.map(contractView));
  });
  routes.get('/api/v2/mix/market/tickers', (c) => {
    const specs = productType(c) === 'USDT-FUTURES' ? simulator.listInstruments('USDT-FUTURES') : [];
    return replyMarketOk(c, tickersOf(simulator, specs).map(futuresTickerView));
  });
  return routes;
}

/** Every instrument of a product line, or the one named by a `symbol` query; unknown or malformed symbols answer 400. */
function pick(c: Context<GatewayEnv>, simulator: MarketSimulator, instType: InstType): InstrumentSpec[] {
  const raw = c.req.query('symbol')?.trim();
  if (!raw) return simulator.listInstruments(instType);
  const symbol = raw.toUpperCase();
  if (!SYMBOL_PATTERN.test(symbol)) throw new GatewayError(400, '40020', 'Parameter symbol error');
  const spec = simulator.getInstrument(instType, symbol);
  if (!spec) throw new GatewayError(400, '40034', `Parameter ${symbol} does not exist`);
  return [spec];
}

function productType(c: Context<GatewayEnv>): string {
  const value = c.req.query('productType')?.trim().toUpperCase();
  if (!value) throw new GatewayError(400, '40019', 'Parameter productType cannot be empty');
  if (!PRODUCT_TYPES.has(value)) throw new GatewayError(400, '40020', 'Parameter productType error');
  return value;
}

function tickersOf(simulator: MarketSimulator, specs: InstrumentSpec[]) {
  return specs.map((spec) => simulator.getTicker(spec.instType, spec.symbol)!);
}
