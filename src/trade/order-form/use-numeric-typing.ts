import { type ChangeEvent, type CompositionEvent, useState } from 'react';
import { type NumericHint, numberSymbolsOf, readTypedNumber } from '../../../engine/rules/numeric-input-typing';
import { type MessageKey, useT } from '../../i18n/i18n';
import { useIntlTag } from '../use-number-text';

const HINT_TEXT: Record<NumericHint, MessageKey> = {
  negative: 'order.typedNegative',
  exponent: 'order.typedExponent',
  grouping: 'order.typedGrouping',
  'not-a-digit': 'order.typedNotDigit',
};

/** The props a numeric `<input>` (or `Field`) takes from `useNumericTyping`, plus the hint to show under it. */
export interface NumericTyping {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onCompositionStart(): void;
  onCompositionEnd(event: CompositionEvent<HTMLInputElement>): void;
  onBlur(): void;
  /** The localized reason the last edit was refused or read differently, or undefined. */
  hint: string | undefined;
}

/**
 * Wires a numeric field to the typing rule (engine/rules/numeric-input-typing over spec §5) in the page's locale: each edit
 * is read and cleaned, the caret stays where the person was typing, a refused character shows a hint, and while an
 * IME composes the text is left as it is and only read at `compositionend`.
 */
export function useNumericTyping(value: string, decimals: number, onValue: (value: string) => void): NumericTyping {
  const t = useT();
  const intl = useIntlTag();
  const [composing, setComposing] = useState<string | null>(null);
  const [hint, setHint] = useState<NumericHint | null>(null);
  const symbols = numberSymbolsOf(intl);

  const apply = (input: HTMLInputElement) => {
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    const read = readTypedNumber(raw, caret, decimals, symbols, value);
    // Write the cleaned text and caret now: React then finds the DOM already holding the new value and leaves the
    // caret alone instead of sending it to the end.
    if (read.value !== raw) {
      input.value = read.value;
      if (document.activeElement === input) input.setSelectionRange(read.caret, read.caret);
    }
    setHint(read.hint);
    onValue(read.value);
  };

  return {
    value: composing ?? value,
    onChange(event) {
      const native = event.nativeEvent as InputEvent;
      if (composing !== null || native.isComposing) setComposing(event.currentTarget.value);
      else apply(event.currentTarget);
    },
    onCompositionStart() {
      setComposing(value);
    },
    onCompositionEnd(event) {
      setComposing(null);
      apply(event.currentTarget);
    },
    onBlur() {
      setHint(null);
    },
    hint: hint === null ? undefined : t(HINT_TEXT[hint], { group: symbols.group, decimal: symbols.decimal }),
  };
}
