import { invalidField } from '../http/gateway-error';
import type { InstrumentSpec } from '../market/instruments';
import type { OrderSide } from '../market/matching';
import { MONEY_PLACES, pow10, unitsOf } from '../money/money-units';
import { newOrderRecord, type OrderRecord, type TpslKind } from './order-store';
import { heldCoinOf, moveHeld } from './spot-holds';
import type { TradingContext } from './trading-context';

/** A spot order's take-profit and stop-loss presets in price units, null where none was sent. */
export interface SpotPresets {
  presetTp: bigint | null;
  presetSl: bigint | null;
}

/** The request fields of the presets (v1 and v2 alike, the exchange's spot names), which a refusal names. */
export const SPOT_PRESET_FIELDS = { tp: 'presetTakeProfitPrice', sl: 'presetStopLossPrice' } as const;

/** The price a spot order's presets are checked against, and how a refusal names it. */
export interface PresetReference {
  price: bigint;
  name: 'order price' | 'trigger price' | 'last price';
}

/**
 * Checks a spot order's presets (paper-trading contract, "Spot orders"): a buy's take-profit lies above the price it
 * protects and its stop-loss below; a sell's the other way round. Otherwise 40002 naming the field, as futures presets.
 */
export function checkSpotPresets(side: OrderSide, presets: SpotPresets, reference: PresetReference): void {
  const up = side === 'buy' ? 1n : -1n;
  const { price, name } = reference;
  if (presets.presetTp !== null && (presets.presetTp - price) * up <= 0n)
    throw invalidField(SPOT_PRESET_FIELDS.tp, `must be ${side === 'buy' ? 'above' : 'below'} the ${name}`);
  if (presets.presetSl !== null && (presets.presetSl - price) * up >= 0n)
    throw invalidField(SPOT_PRESET_FIELDS.sl, `must be ${side === 'buy' ? 'below' : 'above'} the ${name}`);
}

/** Base coin held (money units) as a size of the instrument, cut down to its lot. */
function lotOf(spec: InstrumentSpec, held: bigint): bigint {
  const size = held / pow10(MONEY_PLACES - spec.volumePlace);
  const lot = unitsOf(spec.sizeMultiplier, spec.volumePlace);
  return size - (size % lot);
}

/**
 * The closing orders of spot TP/SL presets. Each fill of an order with presets places (or grows) one trigger market
 * order per preset on the other side for what it delivered, so what has filled is protected at once, and the coins it
 * delivered (the base bought less its fee, or a sell's proceeds after the fee) are frozen for them in the same
 * transaction. The open
 * closing orders of one parent are one-cancels-other and hold those coins once: one of them carries the hold (its
 * `frozen`), the others none; whichever triggers takes the hold and cancels the rest.
 */
export class SpotTpsl {
  constructor(private readonly ctx: TradingContext) {}

  /**
   * After a fill of `size` of `parent` that delivered `received` (money units of the coin its closing orders spend):
   * grows their hold by what was received and their size with it (a buy's: the hold cut to the lot; a sell's buy-backs:
   * by the size filled), or places a new pair when none is
   * open (the first fill, or after one triggered or both were cancelled). In the caller's transaction.
   */
  protect(spec: InstrumentSpec, parent: OrderRecord, size: bigint, received: bigint): void {
    const { ctx } = this;
    const now = ctx.now();
    const open = ctx.orders.openTpslOf(parent.userId, parent.orderId);
    const legs = open.length > 0 ? open : this.newLegs(parent, now);
    if (legs.length === 0) return;
    const holder = legs.find((leg) => leg.frozen > 0n) ?? legs[0]!;
    holder.frozen += received;
    moveHeld(ctx, 'freeze', holder, heldCoinOf(spec, holder.side), received);
    // A buy's closing orders sell the base it holds for them, cut to the lot: a buy pays its fee in the base coin, so
    // that is less than the size filled (what the lot leaves over goes back to available when the order ends). A
    // sell's buy back the size that filled.
    const sells = holder.side === 'sell';
    for (const leg of legs) {
      leg.size = sells ? lotOf(spec, holder.frozen) : leg.size + size;
      leg.uTime = now;
    }
    for (const leg of legs) {
      if (open.length > 0) ctx.orders.update(leg);
      else ctx.orders.insert(leg);
    }
  }

  /** A closing order triggers: its open siblings are cancelled and their hold moves onto it (no balance changes). */
  takeOver(leg: OrderRecord): void {
    const now = this.ctx.now();
    for (const sibling of this.siblingsOf(leg)) {
      leg.frozen += sibling.frozen;
      sibling.frozen = 0n;
      sibling.status = 'cancelled';
      sibling.uTime = now;
      this.ctx.orders.update(sibling);
    }
  }

  /** A closing order is cancelled: its hold moves to an open sibling, which keeps protecting what filled. */
  handOver(leg: OrderRecord): void {
    const [heir] = this.siblingsOf(leg);
    if (!heir || leg.frozen === 0n) return;
    heir.frozen += leg.frozen;
    leg.frozen = 0n;
    this.ctx.orders.update(heir);
  }

  private siblingsOf(leg: OrderRecord): OrderRecord[] {
    if (leg.parentOrderId === undefined) return [];
    return this.ctx.orders.openTpslOf(leg.userId, leg.parentOrderId).filter((o) => o.orderId !== leg.orderId);
  }

  /** One untriggered trigger market order per preset of `parent`, on the other side, still of size 0 and holding nothing. */
  private newLegs(parent: OrderRecord, now: number): OrderRecord[] {
    const side: OrderSide = parent.side === 'buy' ? 'sell' : 'buy';
    const legs: OrderRecord[] = [];
    for (const [kind, trigger] of [
      ['tp', parent.presetTp],
      ['sl', parent.presetSl],
    ] as [TpslKind, bigint | null][]) {
      if (trigger === null) continue;
      const leg = newOrderRecord(
        {
          orderId: this.ctx.newOrderId(),
          userId: parent.userId,
          market: 'spot',
          symbol: parent.symbol,
          now,
          request: {
            clientOid: '',
            side,
            orderType: 'market',
            force: 'gtc',
            price: null,
            size: 0n,
            triggerPrice: trigger,
          },
        },
        { parentOrderId: parent.orderId, tpslKind: kind },
      );
      // A buy's take-profit fires when the price rises to it and its stop-loss when it falls; a sell's the other way.
      leg.triggerUp = (kind === 'tp') === (parent.side === 'buy');
      legs.push(leg);
    }
    return legs;
  }
}
