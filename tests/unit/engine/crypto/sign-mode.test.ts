import { describe, expect, it } from 'vitest';
import { parseModeValue } from '../../../../engine/crypto/sign-mode';

describe('parseModeValue', () => {
  it('reads the three levels, with only "3" covering the body', () => {
    for (const [text, kinds, body] of [
      ['1', ['path', 'time'], false],
      ['2', ['path', 'time', 'traceId'], false],
      ['3', ['path', 'time', 'traceId', 'body'], true],
    ] as const) {
      const parsed = parseModeValue(text);
      expect(parsed).toMatchObject({ kind: 'sign', mode: { text, coversBody: body } });
      if ('kind' in parsed && parsed.kind === 'sign') expect(parsed.mode.items.map((i) => i.kind)).toEqual(kinds);
    }
  });

  it('reads a custom list in its own order, with header items', () => {
    const parsed = parseModeValue('body,path,h:locale,time');
    expect(parsed).toEqual({
      kind: 'sign',
      mode: {
        text: 'body,path,h:locale,time',
        coversBody: true,
        items: [{ kind: 'body' }, { kind: 'path' }, { kind: 'header', name: 'locale' }, { kind: 'time' }],
      },
    });
  });

  it('reads enc: field lists', () => {
    expect(parseModeValue('enc:loginName,pwd')).toEqual({ kind: 'enc', fields: ['loginName', 'pwd'] });
  });

  it('rejects unknown items, repeats, bad header names, reserved and empty field names, and non-strings', () => {
    for (const bad of [
      '4',
      '',
      'path,,time',
      'path,cookie',
      'traceId,traceId',
      'h:',
      'h:bad name',
      'h:A,h:a',
      'enc:',
      'enc:pwd,pwd',
      'enc:ts',
      'enc:a b',
      ' 1',
    ]) {
      expect(parseModeValue(bad), bad).toHaveProperty('error');
    }
    for (const bad of [1, null, ['1'], { mode: '1' }]) expect(parseModeValue(bad)).toHaveProperty('error');
    expect(parseModeValue('x'.repeat(600))).toHaveProperty('error');
  });
});
