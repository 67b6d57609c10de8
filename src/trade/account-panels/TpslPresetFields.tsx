import { useT } from '../../i18n/i18n';
import { OrderFormNumeric } from '../order-form/OrderFormNumeric';
import type { FuturesPositionRow, TpslTriggerType } from '../trade-replies';
import { useNumberText } from '../use-number-text';
import { Button } from '../../ui/Button';
import { plainValue, stepProblem } from './position-inputs';
import { useTpslPreview } from './tpsl-preview';

/** One preset as typed: its price ("" clears it), the price it watches, and the size it closes ("" for all). */
export interface TpslPresetDraft {
  price: string;
  type: TpslTriggerType;
  size: string;
}

export interface TpslPresetFieldsProps {
  kind: 'tp' | 'sl';
  position: FuturesPositionRow | null;
  draft: TpslPresetDraft;
  onChange(draft: TpslPresetDraft): void;
  priceError: string | null;
  sizeError: string | null;
}

/** The texts of each preset. */
const TEXTS = {
  tp: { price: 'trade.pos.takeProfit', trigger: 'trade.pos.tpTrigger', size: 'trade.pos.tpSize' },
  sl: { price: 'trade.pos.stopLoss', trigger: 'trade.pos.slTrigger', size: 'trade.pos.slSize' },
} as const;

/**
 * The fields of a take-profit or a stop-loss: its price, whether it watches the mark or the last price, the size it
 * closes (empty: the whole position), and what it would realize there, computed in the maths worker.
 */
export function TpslPresetFields({ kind, position, draft, onChange, priceError, sizeError }: TpslPresetFieldsProps) {
  const t = useT();
  const number = useNumberText();
  const texts = TEXTS[kind];
  const pricePlaces = position?.pricePlace ?? 0;
  const sizePlaces = position?.volumePlace ?? 0;
  const coin = position?.baseCoin ?? '';
  const price = plainValue(draft.price);
  const size = plainValue(draft.size);
  // Only what could be sent is previewed; an empty size is the whole position.
  const isPriceValid = price !== null && stepProblem(price, pricePlaces) === null;
  const isSizeValid = draft.size.trim() === '' || (size !== null && stepProblem(size, sizePlaces) === null);
  const preview = useTpslPreview(
    isPriceValid && isSizeValid ? position : null,
    isPriceValid ? price : null,
    draft.size.trim() === '' ? null : size,
  );
  const typeButton = (type: TpslTriggerType, label: string) => (
    <Button
      size="sm"
      variant={draft.type === type ? 'primary' : 'secondary'}
      aria-pressed={draft.type === type}
      onClick={() => onChange({ ...draft, type })}
    >
      {label}
    </Button>
  );
  return (
    <div className="position-dialog__preset">
      <OrderFormNumeric
        label={t(texts.price)}
        name={`${kind}-price`}
        value={draft.price}
        decimals={pricePlaces}
        unit="USDT"
        error={priceError}
        onChange={(value) => onChange({ ...draft, price: value })}
      />
      <fieldset className="position-dialog__trigger">
        <legend className="field__label">{t(texts.trigger)}</legend>
        <div className="position-dialog__modes">
          {typeButton('mark_price', t('trade.pos.triggerMark'))}
          {typeButton('fill_price', t('trade.pos.triggerLast'))}
        </div>
      </fieldset>
      <OrderFormNumeric
        label={t(texts.size)}
        name={`${kind}-size`}
        value={draft.size}
        decimals={sizePlaces}
        unit={coin}
        placeholder={t('trade.pos.wholePosition')}
        hint={t('trade.pos.sizeHint', { size: position?.positionsCount ?? '', coin })}
        error={sizeError}
        onChange={(value) => onChange({ ...draft, size: value })}
      />
      <dl className="position-dialog__figures">
        <dt>{t('trade.pos.expectedPnl')}</dt>
        <dd data-figure={`${kind}-pnl`}>
          <bdi dir="ltr">{`${number(preview?.pnl)} USDT`}</bdi>
        </dd>
        <dt>{t('trade.pos.expectedRoe')}</dt>
        <dd data-figure={`${kind}-roe`}>
          <bdi dir="ltr">
            {preview ? t('trade.form.percent', { percent: number(preview.roePercent) }) : number(null)}
          </bdi>
        </dd>
      </dl>
    </div>
  );
}
