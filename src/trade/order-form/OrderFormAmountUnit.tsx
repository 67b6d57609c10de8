import { useT } from '../../i18n/i18n';

export interface OrderFormAmountUnitProps {
  base: string;
  quote: string;
  unit: 'base' | 'quote';
  onUnit(unit: 'base' | 'quote'): void;
  disabled?: boolean;
}

/** The coin the amount is typed in, at the amount field's end: a native select (keyboard and screen readers for free). */
export function OrderFormAmountUnit({ base, quote, unit, onUnit, disabled }: OrderFormAmountUnitProps) {
  const t = useT();
  return (
    <select
      className="trade-field__unit-select"
      aria-label={t('trade.form.amountUnit')}
      value={unit}
      disabled={disabled}
      dir="ltr"
      onChange={(event) => onUnit(event.currentTarget.value === 'quote' ? 'quote' : 'base')}
    >
      <option value="base">{base}</option>
      <option value="quote">{quote}</option>
    </select>
  );
}
