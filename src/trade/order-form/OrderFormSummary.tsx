import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { feeRatePercent } from '../../../engine/rules/order-fee';
import { coinPlacesOf, MONEY_PLACES_FALLBACK } from '../../../engine/rules/coin-places';
import { useT } from '../../i18n/i18n';
import { useNumberText } from '../use-number-text';
import type { FeePreview, OrderEstimate } from './order-form-summary';
import { useMaskedAmount } from '../../settings/asset-display';

export interface OrderFormSummaryProps {
  instrument: TradeInstrument;
  side: 'buy' | 'sell';
  /** What the order may spend (plain decimal), or null while unknown. */
  available: string | null;
  estimate: OrderEstimate;
  /** The estimated fee in the coin it is paid in, and whether it is the maker or the taker rate. */
  fee: FeePreview;
  /** Futures: the largest size a long and a short could open now (base coin), null while unknown. */
  maxOpen?: { long: string | null; short: string | null };
}

/**
 * Available balance (spot: the coin the side spends; futures: the available margin and the most a long or a short
 * could open), the order's estimated cost, proceeds or margin, and its estimated fee.
 */
export function OrderFormSummary({ instrument, side, available, estimate, fee, maxOpen }: OrderFormSummaryProps) {
  const t = useT();
  const number = useNumberText();
  // Hidden balances (the `show asset` setting) hide what the balance reveals too: the most one could open.
  const masked = useMaskedAmount();
  const futures = instrument.market === 'futures';
  const spendCoin = !futures && side === 'sell' ? instrument.base : instrument.quote;
  // Each amount at its coin's precision (engine/rules/coin-places.ts), cut toward zero.
  const spendPlaces = coinPlacesOf(
    spendCoin,
    spendCoin === instrument.base ? instrument.sizePlaces : MONEY_PLACES_FALLBACK,
  );
  const quotePlaces = coinPlacesOf(instrument.quote, MONEY_PLACES_FALLBACK);
  // A spot buy's fee is a share of the base coin it receives: shown to every place it has, not cut to the lot.
  const feePlaces = fee.coin === instrument.quote ? quotePlaces : MONEY_PLACES_FALLBACK;
  const estimateLabel =
    estimate.kind === 'margin'
      ? t('trade.form.estMargin')
      : estimate.kind === 'cost'
        ? t('trade.form.estCost')
        : t('trade.form.estProceeds');
  return (
    <dl className="trade-form__summary">
      <div>
        <dt>{futures ? t('trade.form.availableMargin') : t('trade.form.available')}</dt>
        <dd data-testid="order-available">
          <bdi dir="ltr">{masked(number(available, spendPlaces))}</bdi> {spendCoin}
        </dd>
      </div>
      {maxOpen && (
        <>
          <div>
            <dt>{t('trade.form.maxLong')}</dt>
            <dd data-testid="order-max-long">
              <bdi dir="ltr">{masked(number(maxOpen.long))}</bdi> {instrument.base}
            </dd>
          </div>
          <div>
            <dt>{t('trade.form.maxShort')}</dt>
            <dd data-testid="order-max-short">
              <bdi dir="ltr">{masked(number(maxOpen.short))}</bdi> {instrument.base}
            </dd>
          </div>
        </>
      )}
      <div>
        <dt>{estimateLabel}</dt>
        <dd data-testid="order-estimate">
          <bdi dir="ltr">{estimate.value === null ? number(null) : `≈ ${number(estimate.value, quotePlaces)}`}</bdi>{' '}
          {instrument.quote}
        </dd>
      </div>
      <div>
        <dt>
          {t(fee.liquidity === 'maker' ? 'trade.form.feeMaker' : 'trade.form.feeTaker', {
            rate: number(feeRatePercent(fee.rate)),
          })}
        </dt>
        <dd data-testid="order-fee" data-liquidity={fee.liquidity}>
          <bdi dir="ltr">{fee.value === null ? number(null) : `≈ ${number(fee.value, feePlaces)}`}</bdi> {fee.coin}
        </dd>
      </div>
    </dl>
  );
}
