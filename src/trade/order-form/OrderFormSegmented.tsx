import { useId } from 'react';

export interface SegmentOption<V extends string> {
  value: V;
  label: string;
  /** A figure after the label (a leverage), kept left to right in a right-to-left page. */
  figure?: string;
}

export interface OrderFormSegmentedProps<V extends string> {
  /** Accessible name of the group. */
  label: string;
  options: readonly SegmentOption<V>[];
  value: V;
  onChange(value: V): void;
  disabled?: boolean;
  /** Colours the checked option as a buy or a sell. */
  tone?: (value: V) => 'buy' | 'sell' | undefined;
  className?: string;
}

/** A row of native radio buttons styled as segments: arrow keys, labels and RTL come from the browser. */
export function OrderFormSegmented<V extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  tone,
  className,
}: OrderFormSegmentedProps<V>) {
  const name = useId();
  return (
    <fieldset className={['trade-segmented', className].filter(Boolean).join(' ')} disabled={disabled}>
      <legend className="trade-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="trade-segmented__option"
          data-tone={tone?.(option.value)}
          title={option.figure ? `${option.label} ${option.figure}` : option.label}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>
            {option.label}
            {option.figure && (
              <>
                {' '}
                <bdi dir="ltr">{option.figure}</bdi>
              </>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
