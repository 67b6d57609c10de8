import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { useT } from '../../i18n/i18n';
import type { ReactNode } from 'react';
import { useNumberText } from '../use-number-text';
import { type FormField, isClosing, type OrderFormState } from './order-form-model';
import { quotePlacesOf } from './order-form-sizing';
import { OrderFormAmountUnit } from './OrderFormAmountUnit';
import { OrderFormNumeric } from './OrderFormNumeric';

export interface OrderFormInputsProps {
  instrument: TradeInstrument;
  form: OrderFormState;
  onChange(patch: Partial<OrderFormState>): void;
  onLeave(field: FormField): void;
  /** The localized message to show under each field, or null. */
  errors: Partial<Record<FormField, string | null>>;
  /** Hedge position mode (open / close) instead of one-way (reduce-only). */
  hedge: boolean;
  disabled: boolean;
  /** The base size the order sends (shown under an amount typed in the quote coin). */
  sendSize: string;
  /** Shown right under the amount (the percentage slider). */
  afterAmount?: ReactNode;
}

/** Trigger, price and amount fields, then the order's options (post-only, reduce-only, TP/SL presets). */
export function OrderFormInputs({
  instrument,
  form,
  onChange,
  onLeave,
  errors,
  hedge,
  disabled,
  sendSize,
  afterAmount,
}: OrderFormInputsProps) {
  const t = useT();
  const number = useNumberText();
  const inQuote = form.sizeUnit === 'quote';
  const price = instrument.pricePlaces;
  const futures = instrument.market === 'futures';
  // Spot orders never close a position, so they always may carry presets.
  const closing = futures && isClosing(form, hedge);
  return (
    <div className="trade-form__inputs">
      {form.type === 'stop-limit' && (
        <OrderFormNumeric
          name="trigger"
          label={t('trade.form.trigger')}
          unit={instrument.quote}
          value={form.trigger}
          decimals={price}
          onChange={(trigger) => onChange({ trigger })}
          onBlur={() => onLeave('trigger')}
          error={errors.trigger}
          disabled={disabled}
        />
      )}
      {form.type === 'market' ? (
        <p className="trade-form__market-price">
          <span>{t('trade.form.price')}</span>
          <span>{t('trade.form.marketPrice')}</span>
        </p>
      ) : (
        <OrderFormNumeric
          name="price"
          label={t('trade.form.price')}
          unit={instrument.quote}
          value={form.price}
          decimals={price}
          onChange={(value) => onChange({ price: value })}
          onBlur={() => onLeave('price')}
          error={errors.price}
          disabled={disabled}
        />
      )}
      <OrderFormNumeric
        key={form.sizeUnit}
        name="size"
        label={t('trade.form.amount')}
        unit={inQuote ? instrument.quote : instrument.base}
        unitControl={
          <OrderFormAmountUnit
            base={instrument.base}
            quote={instrument.quote}
            unit={form.sizeUnit}
            disabled={disabled}
            onUnit={(sizeUnit) => onChange({ sizeUnit })}
          />
        }
        value={inQuote ? form.quoteAmount : form.size}
        decimals={inQuote ? quotePlacesOf(instrument) : instrument.sizePlaces}
        onChange={(value) => onChange(inQuote ? { quoteAmount: value } : { size: value })}
        onBlur={() => onLeave('size')}
        error={errors.size}
        hint={
          inQuote
            ? t('trade.form.sizeSent', {
                size: sendSize === '' ? number(null) : number(sendSize),
                coin: instrument.base,
              })
            : undefined
        }
        disabled={disabled}
      />
      {afterAmount}
      <div className="trade-form__options">
        {form.type === 'limit' && (
          <label className="trade-check">
            <input
              type="checkbox"
              checked={form.postOnly}
              disabled={disabled}
              onChange={(event) => onChange({ postOnly: event.currentTarget.checked })}
            />
            <span>{t('trade.form.postOnly')}</span>
          </label>
        )}
        {form.type !== 'market' && (
          <label className="trade-check trade-form__force">
            <span>{t('trade.form.timeInForce')}</span>
            <select
              value={form.type === 'limit' && form.postOnly ? 'gtc' : form.timeInForce}
              // A post-only order rests as a maker or not at all: it has no other time in force.
              disabled={disabled || (form.type === 'limit' && form.postOnly)}
              onChange={(event) =>
                onChange({ timeInForce: event.currentTarget.value as OrderFormState['timeInForce'] })
              }
              title={t('trade.form.timeInForceHint')}
            >
              <option value="gtc">GTC</option>
              <option value="ioc">IOC</option>
              <option value="fok">FOK</option>
            </select>
          </label>
        )}
        {futures && !hedge && (
          <label className="trade-check">
            <input
              type="checkbox"
              checked={form.reduceOnly}
              disabled={disabled}
              onChange={(event) => onChange({ reduceOnly: event.currentTarget.checked })}
            />
            <span>{t('trade.form.reduceOnly')}</span>
          </label>
        )}
        {!closing && (
          <label className="trade-check">
            <input
              type="checkbox"
              checked={form.hasPresets}
              disabled={disabled}
              onChange={(event) => onChange({ hasPresets: event.currentTarget.checked })}
            />
            <span>{t('trade.form.presets')}</span>
          </label>
        )}
      </div>
      {!closing && form.hasPresets && (
        <div className="trade-form__presets">
          <OrderFormNumeric
            name="takeProfit"
            label={t('trade.form.takeProfit')}
            unit={instrument.quote}
            value={form.takeProfit}
            decimals={price}
            onChange={(takeProfit) => onChange({ takeProfit })}
            onBlur={() => onLeave('takeProfit')}
            error={errors.takeProfit}
            disabled={disabled}
          />
          <OrderFormNumeric
            name="stopLoss"
            label={t('trade.form.stopLoss')}
            unit={instrument.quote}
            value={form.stopLoss}
            decimals={price}
            onChange={(stopLoss) => onChange({ stopLoss })}
            onBlur={() => onLeave('stopLoss')}
            error={errors.stopLoss}
            disabled={disabled}
          />
        </div>
      )}
    </div>
  );
}
