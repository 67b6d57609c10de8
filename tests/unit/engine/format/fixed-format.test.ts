import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFixedFormat } from '../../../../engine/format/fixed-format';
import { formatDecimal } from '../../../../engine/format/number-format';
import { LOCALES } from '../../../../engine/rules/locales';

const fixedText = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^(0|[1-9]\d{0,24})$/),
    fc.option(fc.stringMatching(/^\d{1,10}$/), { nil: undefined }),
  )
  .map(
    ([negative, integer, fraction]) =>
      `${negative ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`,
  )
  .filter((text) => text !== '-0' && !/^-0(\.0+)?$/.test(text));

const placesOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

describe('createFixedFormat', () => {
  it('formats exactly as Intl does, in every locale of the app', () => {
    for (const { intl } of LOCALES) {
      const format = createFixedFormat(intl);
      fc.assert(
        fc.property(fixedText, (text) => {
          const places = placesOf(text);
          expect(format.number(text)).toBe(formatDecimal(text, { intl, minFraction: places, maxFraction: places }));
          expect(format.signedPercent(text)).toBe(
            `${formatDecimal(text, { intl, minFraction: places, maxFraction: places, signDisplay: 'exceptZero' })}%`,
          );
        }),
        { numRuns: 150 },
      );
    }
  });

  it('groups Indian English in twos above the thousands, and leaves four-digit Spanish and Polish figures whole', () => {
    expect(createFixedFormat('en-IN').number('12345678.90')).toBe('1,23,45,678.90');
    expect(createFixedFormat('es-ES').number('1234.5')).toBe('1234,5');
    expect(createFixedFormat('es-ES').number('12345.5')).toBe('12.345,5');
    expect(createFixedFormat('pl-PL').number('-1234')).toBe(formatDecimal('-1234', { intl: 'pl-PL', maxFraction: 0 }));
    expect(createFixedFormat('de-DE').signedPercent('0.00')).toBe('0,00%');
    expect(createFixedFormat('en').signedPercent('-16.67')).toBe('-16.67%');
  });

  it('refuses what is not a fixed-point decimal instead of printing it', () => {
    const format = createFixedFormat('en');
    for (const bad of ['', '1e5', 'NaN', '1,000', ' 1', '1.', '.5', '--1', '<img>'])
      expect(() => format.number(bad)).toThrow(TypeError);
  });
});
