import type { ReactNode } from 'react';
import { Field } from '../../ui/Field';
import { useNumericTyping } from '../../ui/use-numeric-typing';

export interface OrderFormNumericProps {
  label: string;
  value: string;
  /** Decimal places spec §5 keeps in this field (the instrument's price or size places). */
  decimals: number;
  onChange(value: string): void;
  onBlur?(): void;
  /** The coin the figure is in, shown at the inline end. */
  unit: string;
  /** A control in place of the coin (the amount's unit choice). */
  unitControl?: ReactNode;
  error?: string | null;
  hint?: string;
  /** What an empty field means (a dialog's "Whole position"). */
  placeholder?: string;
  disabled?: boolean;
  name: string;
}

/**
 * A price or amount field: whatever is typed, pasted or composed is read in the page's locale and cleaned by the
 * spec §5 rules before it is shown; the caret stays put, and a refused minus or exponent shows a hint under the field.
 */
export function OrderFormNumeric({
  label,
  value,
  decimals,
  onChange,
  onBlur,
  unit,
  unitControl,
  error,
  hint,
  placeholder,
  disabled,
  name,
}: OrderFormNumericProps) {
  const typing = useNumericTyping(value, decimals, onChange);
  return (
    <Field
      label={label}
      name={name}
      value={typing.value}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      dir="ltr"
      placeholder={placeholder}
      disabled={disabled}
      error={error}
      hint={typing.hint ?? hint}
      className="trade-field"
      onChange={typing.onChange}
      onCompositionStart={typing.onCompositionStart}
      onCompositionEnd={typing.onCompositionEnd}
      onBlur={() => {
        typing.onBlur();
        onBlur?.();
      }}
      end={unitControl ?? <span className="trade-field__unit">{unit}</span>}
    />
  );
}
