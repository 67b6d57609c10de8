import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INTEGER_DIGITS, numericValue, sanitizeNumericInput } from '../../../../engine/rules/numeric-input';
import {
  type NumberSymbols,
  numberSymbolsOf,
  readTypedNumber,
  type TypedNumber,
} from '../../../../engine/rules/numeric-input-typing';
import { localeEntryOf, SUPPORTED_LOCALES } from '../../../../engine/rules/locales';

const EN = numberSymbolsOf('en-US');
const DE = numberSymbolsOf('de-DE');
const FR = numberSymbolsOf('fr-FR');

/** Types `text` one character at a time at the end of the field, as a keyboard would. */
function typeText(text: string, decimals: number, symbols: NumberSymbols): TypedNumber {
  let shown: TypedNumber = { value: '', caret: 0, hint: null };
  for (const char of text) {
    const raw = shown.value.slice(0, shown.caret) + char + shown.value.slice(shown.caret);
    shown = readTypedNumber(raw, shown.caret + char.length, decimals, symbols, shown.value);
  }
  return shown;
}

/** A whole text pasted into an empty field. */
const paste = (text: string, decimals: number, symbols: NumberSymbols) =>
  readTypedNumber(text, text.length, decimals, symbols, '');

describe('readTypedNumber: scripts', () => {
  it('reads full-width digits and the full-width full stop as ASCII', () => {
    expect(typeText('１２．５', 2, EN)).toEqual({ value: '12.5', caret: 4, hint: null });
    expect(paste('１２．５', 2, EN).value).toBe('12.5');
  });

  it('reads Arabic-Indic digits and the Arabic and ideographic decimal separators as the dot', () => {
    expect(typeText('١٢٫٥', 2, EN).value).toBe('12.5');
    expect(typeText('۱۲.۵', 2, EN).value).toBe('12.5');
    expect(typeText('12。5', 2, EN).value).toBe('12.5');
    expect(paste('١٬٢٣٤٫٥', 2, EN)).toMatchObject({ value: '1234.5', hint: 'grouping' });
  });
});

describe('readTypedNumber: the locale decides the comma', () => {
  it('takes the Intl symbols of the locale', () => {
    expect(DE).toEqual({ decimal: ',', group: '.' });
    expect(EN).toEqual({ decimal: '.', group: ',' });
  });

  it('reads the decimal comma of de as the dot', () => {
    expect(typeText('12,5', 2, DE)).toEqual({ value: '12.5', caret: 4, hint: null });
    expect(numericValue(typeText('12,5', 2, DE).value)).toBe('12.5');
  });

  it('leaves the grouping comma of en out and says why', () => {
    expect(typeText('12,500', 2, EN)).toMatchObject({ value: '12500', hint: null });
    expect(typeText('12,', 2, EN)).toMatchObject({ value: '12', hint: 'grouping' });
    expect(paste('1,234.56', 2, EN)).toMatchObject({ value: '1234.56', hint: 'grouping' });
  });

  it('reads a de paste with both symbols as grouping dots and a decimal comma', () => {
    expect(paste('1.234,5', 2, DE)).toMatchObject({ value: '1234.5', hint: 'grouping' });
    // A dot alone is the dot (spec §5), and a comma typed after it is a second dot, which goes.
    expect(paste('1.234', 4, DE).value).toBe('1.234');
    expect(typeText('12.5,', 2, DE)).toMatchObject({ value: '12.5', hint: null });
  });

  it('keeps the no-break grouping space of fr as a space', () => {
    const typed = paste('1\u202f234,5', 2, FR);
    expect(typed.value).toBe('1 234.5');
    expect(numericValue(typed.value)).toBe('1234.5');
  });
});

describe('readTypedNumber: refusals', () => {
  it('refuses a minus and an exponent with a hint, without touching the value', () => {
    expect(typeText('-', 2, EN)).toEqual({ value: '', caret: 0, hint: 'negative' });
    expect(typeText('12−', 2, EN)).toEqual({ value: '12', caret: 2, hint: 'negative' });
    expect(typeText('1e', 2, EN)).toEqual({ value: '1', caret: 1, hint: 'exponent' });
    expect(typeText('1E5', 2, EN)).toMatchObject({ value: '15', hint: null });
    expect(paste('1e5', 2, EN)).toMatchObject({ value: '15', hint: 'exponent' });
    expect(typeText('1ｅ', 2, EN).hint).toBe('exponent');
    expect(typeText('1a', 2, EN)).toMatchObject({ value: '1', hint: 'not-a-digit' });
  });

  it('puts the hint of the worst refusal first', () => {
    expect(paste('-1e5x', 2, EN).hint).toBe('negative');
  });
});

describe('readTypedNumber: the caret', () => {
  it('stays where the person typed when a character is dropped', () => {
    expect(readTypedNumber('1-25', 2, 2, EN, '125')).toEqual({ value: '125', caret: 1, hint: 'negative' });
    expect(readTypedNumber('1a25', 2, 2, EN, '125')).toEqual({ value: '125', caret: 1, hint: 'not-a-digit' });
  });

  it('moves past a rewritten character and past a kept one', () => {
    expect(readTypedNumber('12．5', 3, 2, EN, '125')).toEqual({ value: '12.5', caret: 3, hint: null });
    expect(readTypedNumber('12,5', 3, 2, DE, '125')).toEqual({ value: '12.5', caret: 3, hint: null });
    // Typing into full decimals keeps the digit typed and drops the last one.
    expect(readTypedNumber('1.423', 3, 2, EN, '1.23')).toEqual({ value: '1.42', caret: 3, hint: null });
  });
});

const SYMBOLS = SUPPORTED_LOCALES.map((locale) => numberSymbolsOf(localeEntryOf(locale).intl));
const CHARS = [
  ...'0123456789',
  ...'０１２３４５６７８９',
  ...'٠١٢٣٤٥٦٧٨٩',
  ...'۰۱۲۳۴۵۶۷۸۹',
  ...'.．。٫,，٬ \u00a0\u202f-−eEａ$+',
];
const mixedText = fc.oneof(
  fc.array(fc.constantFrom(...CHARS), { maxLength: 40 }).map((chars) => chars.join('')),
  fc.string({ maxLength: 30, unit: 'grapheme' }),
);

/** The shown text read as a number: spaces out, "12." is 12, ".5" is 0.5; NaN while nothing is typed. */
const shownAsNumber = (shown: string) => {
  const compact = shown.replaceAll(' ', '');
  return compact === '' || compact === '.' ? Number.NaN : Number(compact);
};

function expectValidShown(shown: TypedNumber, decimals: number): void {
  expect(shown.value).toMatch(/^[0-9 ]*(\.[0-9 ]*)?$/);
  const [integer, fraction = ''] = shown.value.split('.');
  expect(integer.replaceAll(' ', '').length).toBeLessThanOrEqual(MAX_INTEGER_DIGITS);
  expect(fraction.replaceAll(' ', '').length).toBeLessThanOrEqual(decimals);
  if (decimals === 0) expect(shown.value).not.toContain('.');
  expect(integer.startsWith('00')).toBe(false);
  expect(sanitizeNumericInput(shown.value, decimals)).toBe(shown.value);
  expect(shown.caret).toBeGreaterThanOrEqual(0);
  expect(shown.caret).toBeLessThanOrEqual(shown.value.length);
  const sent = numericValue(shown.value);
  if (sent === null) expect(shownAsNumber(shown.value)).toBeNaN();
  else {
    expect(sent).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(sent)).toBe(shownAsNumber(shown.value));
    expect(sent).toBe(shown.value.replaceAll(' ', '').replace(/\.$/, '').replace(/^\./, '0.'));
  }
}

describe('readTypedNumber: fuzzed', () => {
  it('spec §5 keeps a prefix of what it keeps of the whole (what the caret rests on)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.nat(), fc.integer({ min: 0, max: 8 }), (text, cut, decimals) => {
        const prefix = text.slice(0, cut % (text.length + 1));
        expect(sanitizeNumericInput(text, decimals).startsWith(sanitizeNumericInput(prefix, decimals))).toBe(true);
      }),
    );
  });

  it('typed character by character at a moving caret, always shows a valid number and sends that number', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...CHARS), fc.nat()), { maxLength: 40 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(...SYMBOLS),
        (keys, decimals, symbols) => {
          let shown: TypedNumber = { value: '', caret: 0, hint: null };
          for (const [char, move] of keys) {
            const at = move % 3 === 0 ? move % (shown.value.length + 1) : shown.caret;
            const raw = shown.value.slice(0, at) + char + shown.value.slice(at);
            const next = readTypedNumber(raw, at + 1, decimals, symbols, shown.value);
            expectValidShown(next, decimals);
            // A refused character leaves the value and the caret as they were; a kept one puts the caret after it.
            if (next.hint !== null) expect([next.value, next.caret]).toEqual([shown.value, at]);
            if (next.value.length === shown.value.length + 1) expect(next.caret).toBe(at + 1);
            shown = next;
          }
        },
      ),
    );
  });

  it('pasted mixed-script text always shows a valid number and sends that number', () => {
    fc.assert(
      fc.property(mixedText, fc.integer({ min: 0, max: 8 }), fc.constantFrom(...SYMBOLS), (text, decimals, symbols) => {
        const shown = paste(text, decimals, symbols);
        expectValidShown(shown, decimals);
        // Pasting the shown text again changes nothing.
        expect(paste(shown.value, decimals, symbols).value).toBe(shown.value);
      }),
    );
  });

  it('reads any ASCII decimal the same whatever script its digits are typed in', () => {
    const digitsIn = (text: string, zero: number) =>
      text.replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d)));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9][0-9]{0,10}(\.[0-9]{1,4})?$/),
        fc.constantFrom(0xff10, 0x0660, 0x06f0),
        (plain, zero) => {
          expect(typeText(digitsIn(plain, zero), 4, EN).value).toBe(plain);
        },
      ),
    );
  });
});
