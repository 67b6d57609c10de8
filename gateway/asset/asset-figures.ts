import type { CoinBalance } from '../trading/account-store';
import { coinDisplayPlaces, coinPlaces } from '../trading/coin-places';
import { formatBalance } from '../money/money-units';
import type { PaperTrading } from '../trading/paper-trading';
import { btcFigure, DISPLAY_RATES, livePrices, type PriceOf, usdtFigure, usdtValueOf, coinValue } from './valuation';

/** The asset tabs of the overview, in the spec's order; only spot and futures hold anything yet. */
export const ASSET_ACCOUNTS = ['spot', 'futures', 'margin', 'p2p', 'financial', 'swap', 'reward'] as const;

/** One spot coin row of `GET /v1/asset/spot`. */
export interface SpotRow {
  coin: string;
  available: string;
  frozen: string;
  usdtValue: string;
  btcValue: string;
  places: number;
}

/** The futures account of `GET /v1/asset/futures`, in money units. */
export interface FuturesFigures {
  wallet: bigint;
  available: bigint;
  marginInUse: bigint;
  orderMargin: bigint;
  unrealized: bigint;
  equity: bigint;
  transferable: bigint;
}

/**
 * The figures of the asset screens (assets contract, "Reads" and "Valuation"), read from paper trading at one set of
 * last prices per call. Values are summed exactly and rounded once per figure.
 */
export class AssetFigures {
  private readonly places: Map<string, number>;
  private readonly shown: Map<string, number>;

  constructor(private readonly trading: PaperTrading) {
    const specs = trading.ctx.simulator.listInstruments('SPOT');
    this.places = coinPlaces(specs);
    this.shown = coinDisplayPlaces(specs);
  }

  /** Wallet, margins, unrealized PnL, equity and what may be transferred out (never below 0). */
  futures(userId: string): FuturesFigures {
    const figures = this.trading.futures.accountOf(userId);
    const marginInUse = figures.wallet - figures.available - figures.locked;
    const loss = figures.unrealized < 0n ? figures.unrealized : 0n;
    const transferable = figures.available + loss;
    return {
      wallet: figures.wallet,
      available: figures.available,
      marginInUse,
      orderMargin: figures.locked,
      unrealized: figures.unrealized,
      equity: figures.wallet + figures.unrealized,
      transferable: transferable > 0n ? transferable : 0n,
    };
  }

  /** Every coin with a balance, plus USDT, valued and biggest value first (coin name breaks ties). */
  spot(userId: string, prices: PriceOf = this.prices()): SpotRow[] {
    const btc = prices('BTC');
    const rows = this.spotHoldings(userId).map((held) => {
      const value = coinValue(held.available + held.frozen, prices(held.coin));
      return {
        value,
        row: {
          coin: held.coin,
          available: formatBalance(held.available, this.places.get(held.coin)),
          frozen: formatBalance(held.frozen, this.places.get(held.coin)),
          usdtValue: usdtFigure(value),
          btcValue: btcFigure(value, btc),
          places: this.shown.get(held.coin) ?? 8,
        },
      };
    });
    rows.sort((a, b) => (a.value === b.value ? a.row.coin.localeCompare(b.row.coin) : a.value > b.value ? -1 : 1));
    return rows.map((entry) => entry.row);
  }

  /** The total and the per-tab figures in USDT and BTC, with the BTC price and the display currency rates. */
  overview(userId: string) {
    const prices = this.prices();
    const btc = prices('BTC');
    let spot = 0n;
    for (const held of this.spotHoldings(userId)) spot += coinValue(held.available + held.frozen, prices(held.coin));
    const futures = usdtValueOf(this.futures(userId).equity);
    const total = spot + futures;
    const valueOfTab = (account: (typeof ASSET_ACCOUNTS)[number]) => {
      if (account === 'spot') return { account, usdt: usdtFigure(spot), btc: btcFigure(spot, btc) };
      if (account === 'futures') return { account, usdt: usdtFigure(futures), btc: btcFigure(futures, btc) };
      return { account, usdt: '0', btc: '0' };
    };
    return {
      totalUsdt: usdtFigure(total),
      totalBtc: btcFigure(total, btc),
      btcPrice: this.trading.ctx.simulator.getTicker('SPOT', 'BTCUSDT')?.lastPr ?? '0',
      rates: { ...DISPLAY_RATES },
      accounts: ASSET_ACCOUNTS.map(valueOfTab),
    };
  }

  /** The coin → USDT prices at this moment's last prices. */
  prices(): PriceOf {
    return livePrices(this.trading.ctx.simulator);
  }

  /** The user's spot coins with a balance, and USDT always (the row the screens start from). */
  private spotHoldings(userId: string): CoinBalance[] {
    const held = this.trading.ctx.accounts
      .balances(userId)
      .filter((b) => b.coin === 'USDT' || b.available !== 0n || b.frozen !== 0n);
    return held.some((b) => b.coin === 'USDT') ? held : [{ coin: 'USDT', available: 0n, frozen: 0n }, ...held];
  }
}
