import { describe, expect, it } from 'vitest';
import { parseModeValue, type SignMode } from '../../../../engine/crypto/sign-mode';
import { buildSignedText } from '../../../../engine/crypto/signed-text';

function mode(text: string): SignMode {
  const parsed = parseModeValue(text);
  if (!('kind' in parsed) || parsed.kind !== 'sign') throw new Error(text);
  return parsed.mode;
}

const headers: Record<string, string> = { locale: 'en-US', 'X-Extra': 'v:1' };
const base = {
  method: 'post',
  pathWithQuery: '/v1/mix/order/place?symbol=BTCUSDT&_t=1',
  time8: '17554535',
  traceId: '0123456789abcdef0123456789abcdef',
  bodyMd5: '9e107d9d372bb6826bd81d3542a419d6',
  header: (name: string) => headers[Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase()) ?? ''],
};

describe('buildSignedText', () => {
  it('mode "1": DS1, mode, METHOD, path with query, time8', () => {
    expect(buildSignedText({ ...base, mode: mode('1') })).toBe(
      'DS1\n1\nPOST\n/v1/mix/order/place?symbol=BTCUSDT&_t=1\n17554535',
    );
  });

  it('mode "2": adds the trace id', () => {
    expect(buildSignedText({ ...base, mode: mode('2') })).toBe(
      'DS1\n2\nPOST\n/v1/mix/order/place?symbol=BTCUSDT&_t=1\n17554535\n0123456789abcdef0123456789abcdef',
    );
  });

  it('mode "3": adds the trace id and the body md5', () => {
    expect(buildSignedText({ ...base, mode: mode('3') })).toBe(
      'DS1\n3\nPOST\n/v1/mix/order/place?symbol=BTCUSDT&_t=1\n17554535\n0123456789abcdef0123456789abcdef\n9e107d9d372bb6826bd81d3542a419d6',
    );
  });

  it('a custom list: path and time stay fixed, the rest follows the list order, headers as h:{name}:{value}', () => {
    expect(buildSignedText({ ...base, method: 'GET', mode: mode('h:X-Extra,body,path,time,traceId,h:locale') })).toBe(
      [
        'DS1',
        'h:X-Extra,body,path,time,traceId,h:locale',
        'GET',
        '/v1/mix/order/place?symbol=BTCUSDT&_t=1',
        '17554535',
        'h:X-Extra:v:1',
        '9e107d9d372bb6826bd81d3542a419d6',
        '0123456789abcdef0123456789abcdef',
        'h:locale:en-US',
      ].join('\n'),
    );
  });

  it('reports a header the mode names but the request lacks', () => {
    expect(buildSignedText({ ...base, mode: mode('path,time,h:x-missing') })).toEqual({ missingHeader: 'x-missing' });
  });
});
