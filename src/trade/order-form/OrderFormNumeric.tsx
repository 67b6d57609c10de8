import { Field } from '../../ui/Field';

export interface OrderFormNumericProps {
  label: string;
  value: string;
  /** Spec §5 sanitizer for this field (price or size places); runs on every keystroke. */
  sanitize(typed: string): string;
  onChange(value: string): void;
  onBlur?(): void;
  /** The coin the figure is in, shown at the inline end. */
  unit: string;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  name: string;
}

/** A price or amount field: whatever is typed or pasted is cleaned by the spec §5 rules before it is shown. */
export function OrderFormNumeric({
  label,
  value,
  sanitize,
  onChange,
  onBlur,
  unit,
  error,
  hint,
  disabled,
  name,
}: OrderFormNumericProps) {
  return (
    <Field
      label={label}
      name={name}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      dir="ltr"
      disabled={disabled}
      error={error}
      hint={hint}
      className="trade-field"
      onChange={(event) => onChange(sanitize(event.currentTarget.value))}
      onBlur={onBlur}
      end={<span className="trade-field__unit">{unit}</span>}
    />
  );
}
