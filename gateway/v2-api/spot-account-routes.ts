import type { Database, Statement } from 'better-sqlite3';
import { Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { CoinBalance } from '../trading/account-store';
import { coinPlaces } from '../trading/coin-places';
import { formatBalance } from '../money/money-units';
import type { PaperTrading } from '../trading/paper-trading';
import { requirePermission } from './api-key-auth';
import { type ApiKeyEnv, apiCallerOf } from './api-key-env';
import { parameterInvalid } from '../api-keys/api-key-errors';

/** `GET` the key owner's spot coins (the exchange's v2 "Get Account Assets"). */
export const SPOT_ASSETS_PATH = '/api/v2/spot/account/assets';

/** One coin of `GET /api/v2/spot/account/assets`, in the exchange's v2 shape. */
export interface SpotAssetRow {
  coin: string;
  available: string;
  frozen: string;
  /** Locked outside orders (fiat, P2P): the paper accounts have none. */
  locked: string;
  /** Restricted availability (spot copy trading): the paper accounts have none. */
  limitAvailable: string;
  /** When the coin's spot balance last changed, ms as a string. */
  uTime: string;
}

/** When each coin of the user's spot balance last moved: the newest ledger entry with a spot line of that coin. */
function lastChanges(statement: Statement, userId: string): Map<string, number> {
  const rows = statement.all(userId) as Array<{ coin: string; at: number }>;
  return new Map(rows.map((row) => [row.coin, row.at]));
}

function lastChangeStatement(db: Database): Statement {
  return db.prepare(`SELECT l.coin AS coin, MAX(e.at) AS at FROM ledger_lines l
    JOIN ledger_entries e ON e.seq = l.entry_seq
    WHERE l.owner = ? AND l.account IN ('spot', 'spot_frozen') GROUP BY l.coin`);
}

/**
 * The v2 private spot account routes over paper trading, each behind the API key check `auth`, acting on the API
 * caller's own account only. For now
 * `GET /api/v2/spot/account/assets` (permission `read`): `coin` picks one coin (any case), `assetType` is
 * `hold_only` (default: coins with a balance) or `all` (every coin the spot market trades).
 */
export function spotAccountRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx } = trading;
  const places = coinPlaces(ctx.simulator.listInstruments('SPOT'));
  const changes = lastChangeStatement(ctx.db);

  routes.get(SPOT_ASSETS_PATH, auth, requirePermission('read'), (c) => {
    const { userId } = apiCallerOf(c);
    const assetType = c.req.query('assetType') ?? 'hold_only';
    if (assetType !== 'hold_only' && assetType !== 'all') throw parameterInvalid('assetType');
    const coin = c.req.query('coin')?.trim().toUpperCase() || null;
    ctx.db.transaction(() => ctx.ensureAccount(userId))();
    const held = new Map(ctx.accounts.balances(userId).map((balance) => [balance.coin, balance]));
    const coins =
      coin !== null
        ? places.has(coin) || held.has(coin)
          ? [coin]
          : []
        : assetType === 'all'
          ? [...new Set([...places.keys(), ...held.keys()])].sort()
          : [...held.values()].filter((b) => b.available !== 0n || b.frozen !== 0n).map((b) => b.coin);
    const changed = lastChanges(changes, userId);
    const now = ctx.now();
    const rows: SpotAssetRow[] = coins.map((name) => {
      const balance: CoinBalance = held.get(name) ?? { coin: name, available: 0n, frozen: 0n };
      const shown = places.get(name);
      return {
        coin: name,
        available: formatBalance(balance.available, shown),
        frozen: formatBalance(balance.frozen, shown),
        locked: '0',
        limitAvailable: '0',
        uTime: String(changed.get(name) ?? now),
      };
    });
    return replyMarketOk(c, rows);
  });

  return routes;
}
