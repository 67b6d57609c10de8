import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { useT } from '../../i18n/i18n';
import { useNumberText } from '../use-number-text';
import type { OrderEstimate } from './order-form-model';

export interface OrderFormSummaryProps {
  instrument: TradeInstrument;
  side: 'buy' | 'sell';
  /** What the order may spend (plain decimal), or null while unknown. */
  available: string | null;
  estimate: OrderEstimate;
}

/** Available balance (the coin the order spends) and the order's estimated cost, proceeds or margin. */
export function OrderFormSummary({ instrument, side, available, estimate }: OrderFormSummaryProps) {
  const t = useT();
  const number = useNumberText();
  const spendCoin = instrument.market === 'spot' && side === 'sell' ? instrument.base : instrument.quote;
  const estimateLabel =
    estimate.kind === 'margin'
      ? t('trade.form.estMargin')
      : estimate.kind === 'cost'
        ? t('trade.form.estCost')
        : t('trade.form.estProceeds');
  return (
    <dl className="trade-form__summary">
      <div>
        <dt>{t('trade.form.available')}</dt>
        <dd data-testid="order-available">
          <bdi dir="ltr">{number(available)}</bdi> {spendCoin}
        </dd>
      </div>
      <div>
        <dt>{estimateLabel}</dt>
        <dd data-testid="order-estimate">
          <bdi dir="ltr">{estimate.value === null ? number(null) : `≈ ${number(estimate.value)}`}</bdi>{' '}
          {instrument.quote}
        </dd>
      </div>
    </dl>
  );
}
