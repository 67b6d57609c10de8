import { type CSSProperties, useId } from 'react';
import { useT } from '../../i18n/i18n';

export interface OrderFormSliderProps {
  /** Where the slider stands: the share (0 … 100) of the most the side can use that the amount is. */
  percent: number;
  /** False while the balance or the price is unknown: nothing to take a share of. */
  isEnabled: boolean;
  onPercent(percent: number): void;
}

const MARKS = [0, 25, 50, 75, 100] as const;

/**
 * The amount as a share of what the order's side can use: a native range input (arrow keys move 1 %, Page keys
 * 10 %, Home / End the ends), marks at 0, 25, 50, 75 and 100 %, and Max. It follows a typed amount.
 */
export function OrderFormSlider({ percent, isEnabled, onPercent }: OrderFormSliderProps) {
  const t = useT();
  const id = useId();
  const text = (value: number) => t('trade.form.percent', { percent: String(value) });
  return (
    <div className="trade-slider" data-testid="order-slider">
      {/* In the page's direction: in RTL 0 % is at the right and the thumb moves left as the share grows, the
          marks in the same order under the mirrored native track (trade-form.css). */}
      <div className="trade-slider__track">
        <label htmlFor={id} className="trade-visually-hidden">
          {t('trade.form.shareOfMax')}
        </label>
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          disabled={!isEnabled}
          aria-valuetext={text(percent)}
          className="trade-slider__input"
          style={{ '--trade-slider-fill': `${percent}%` } as CSSProperties}
          onChange={(event) => onPercent(Number(event.currentTarget.value))}
        />
        <div className="trade-slider__marks">
          {MARKS.map((mark) => (
            <button
              key={mark}
              type="button"
              className="trade-slider__mark"
              data-reached={percent >= mark ? 'true' : undefined}
              disabled={!isEnabled}
              aria-label={text(mark)}
              onClick={() => onPercent(mark)}
            >
              <span aria-hidden="true">{text(mark)}</span>
            </button>
          ))}
        </div>
      </div>
      <button type="button" className="trade-slider__max" disabled={!isEnabled} onClick={() => onPercent(100)}>
        {t('trade.form.max')}
      </button>
    </div>
  );
}
