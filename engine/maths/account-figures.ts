/**
 * The live figures of a futures account (contracts/maths.md, spec §3): its unrealized PnL as the sum of its
 * positions' uPnL at the marks, and its equity as the wallet plus that sum, per margin coin. The asset page's
 * equity and uPnL come from here, so they match the positions table to the cent.
 */
import {
  computeLedgerRows,
  type LedgerInput,
  type MarkTick,
  type PreparedLedger,
  prepareLedger,
} from './position-ledger';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type DecimalInput, readDecimal, readPlaces } from './read-input';

/** A futures account's positions and its wallet balance per margin coin (equity without unrealized PnL). */
export interface AccountFiguresInput {
  ledger: LedgerInput;
  wallets: Readonly<Record<string, DecimalInput>>;
  /** Decimals of the figures; 4 when left out (the margin coin's places on the trading screens). */
  places?: DecimalInput;
}

/** One margin coin's live figures, fixed-point at the input's places. */
export interface CoinFigures {
  unrealizedPL: string;
  equity: string;
  /** Positions in this coin with no mark yet: their uPnL is not in the sum, so the figures are not yet whole. */
  unpriced: number;
}

/** Live figures per margin coin. */
export type AccountFiguresReply = Record<string, CoinFigures>;

const DEFAULT_PLACES = 4;
/** Most margin coins one account reports (USDT, USDC and a handful of coin-margined wallets). */
const MAX_COINS = 16;

/**
 * An account's figures, ticked by marks the way a positions ledger is: a tick may carry only the symbols that moved,
 * so marks are merged; a bad mark throws and is not kept.
 */
export class AccountFigures {
  private readonly ledger: PreparedLedger;
  private readonly wallets = new Map<string, MathsDecimalValue>();
  private readonly coinOf: readonly string[];
  private readonly places: number;
  private readonly marks: Record<string, unknown> = Object.create(null);
  private readonly indexPrices: Record<string, unknown> = Object.create(null);
  private last = '';

  constructor(input: AccountFiguresInput) {
    if (input === null || typeof input !== 'object')
      throw new MathsInputError('input', 'maths.bad-shape', 'input must be an object');
    this.ledger = prepareLedger(input.ledger);
    this.coinOf = input.ledger.positions.map((position) => position.marginCoin);
    this.places = readPlaces(input.places, 'places', DEFAULT_PLACES);
    const wallets = input.wallets;
    if (wallets === null || typeof wallets !== 'object')
      throw new MathsInputError('wallets', 'maths.bad-shape', 'wallets must be an object of decimals per coin');
    const coins = Object.keys(wallets);
    if (coins.length > MAX_COINS)
      throw new MathsInputError('wallets', 'maths.out-of-range', `at most ${MAX_COINS} margin coins`);
    for (const coin of coins) this.wallets.set(coin, readDecimal(wallets[coin], `wallets.${coin}`, 'any'));
    for (const [index, coin] of this.coinOf.entries())
      if (!this.wallets.has(coin))
        throw new MathsInputError(`positions[${index}].marginCoin`, 'maths.bad-shape', `no wallet for ${coin}`);
  }

  /**
   * The figures at the marks so far plus `tick`; null when no figure moved since the last answer (and `always` is
   * not set), so a feed of marks sends nothing for a tick that changed no total.
   */
  apply(tick: MarkTick, always = false): AccountFiguresReply | null {
    const saved = { marks: { ...this.marks }, indexPrices: { ...this.indexPrices } };
    Object.assign(this.marks, tick?.marks ?? {});
    Object.assign(this.indexPrices, tick?.indexPrices ?? {});
    let rows: ReturnType<typeof computeLedgerRows>;
    try {
      rows = computeLedgerRows(this.ledger, {
        marks: this.marks as MarkTick['marks'],
        indexPrices: this.indexPrices as MarkTick['indexPrices'],
      });
    } catch (error) {
      replaceAll(this.marks, saved.marks);
      replaceAll(this.indexPrices, saved.indexPrices);
      throw error;
    }
    const sums = new Map<string, { upnl: MathsDecimalValue; unpriced: number }>();
    for (const coin of this.wallets.keys()) sums.set(coin, { upnl: new MathsDecimal(0), unpriced: 0 });
    for (const [index, row] of rows.entries()) {
      const sum = sums.get(this.coinOf[index]);
      if (!sum) continue;
      if (row.upnl === null) sum.unpriced += 1;
      else sum.upnl = sum.upnl.plus(row.upnl);
    }
    const reply: AccountFiguresReply = {};
    for (const [coin, sum] of sums) {
      const wallet = this.wallets.get(coin) ?? new MathsDecimal(0);
      reply[coin] = {
        unrealizedPL: toFixedString(sum.upnl, this.places, HALF_UP),
        equity: toFixedString(wallet.plus(sum.upnl), this.places, HALF_UP),
        unpriced: sum.unpriced,
      };
    }
    const key = JSON.stringify(reply);
    if (key === this.last && !always) return null;
    this.last = key;
    return reply;
  }
}

function replaceAll(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}
