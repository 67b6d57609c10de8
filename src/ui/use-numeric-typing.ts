import { type ChangeEvent, type CompositionEvent, useState } from 'react';
import { type NumericHint, numberSymbolsOf, readTypedNumber } from '../../engine/rules/numeric-input-typing';
import { type MessageKey, useIntlTag, useT } from '../i18n/i18n';

/** Core's texts, so a numeric field of any area can explain a refused character. */
const HINT_TEXT: Record<NumericHint, MessageKey> = {
  negative: 'numeric.typedNegative',
  exponent: 'numeric.typedExponent',
  grouping: 'numeric.typedGrouping',
  'not-a-digit': 'numeric.typedNotDigit',
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
 * Wires an amount field to the spec §5 numeric rule as a person types it (engine/rules/numeric-input-typing) in the
 * page's locale: each edit is read and cleaned to at most `decimals` places, the caret stays where the person was
 * typing, a refused character shows a hint, and while an IME composes the text is only read at `compositionend`.
 */
export function useNumericTyping(value: string, decimals: number, onValue: (value: string) => void): NumericTyping {
  const t = useT();
  const intl = useIntlTag();
  const [composing, setComposing] = useState<string | null>(null);
  const [hint, setHint] = useState<NumericHint | null>(null);
  const symbols = numberSymbolsOf(intl);

  const apply = (input: HTMLInputElement) => {
    const raw = input.value;
    const read = readTypedNumber(raw, input.selectionStart ?? raw.length, decimals, symbols, value);
    // Written now, so React finds the DOM already holding the new value and leaves the caret where it is put here.
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
