import { describe, expect, it } from 'vitest';
import { pathWithQuery } from '../../../../gateway/security/signature-check';
import { modeCovers, parseSignMode, signedRequestText } from '../../../../gateway/security/sign-mode';
import { isTime8Fresh } from '../../../../gateway/security/time-window';

describe('parseSignMode', () => {
  it('reads the three levels', () => {
    expect(parseSignMode('1')).toEqual(['path', 'time']);
    expect(parseSignMode('2')).toEqual(['path', 'time', 'traceId']);
    expect(parseSignMode('3')).toEqual(['path', 'time', 'traceId', 'body']);
  });
  it('reads a custom list in its order', () => {
    expect(parseSignMode('h:x-a,body,traceId')).toEqual(['h:x-a', 'body', 'traceId']);
  });
  it('refuses unknown items, empty items, bad header names and repeats', () => {
    for (const mode of ['', '4', 'path,', 'query', 'h:', 'h:x a', 'body,body', 'h:X-A,h:x-a', ' 1']) {
      expect(parseSignMode(mode), mode).toBeNull();
    }
  });
});

describe('modeCovers', () => {
  const covers = (sent: string, required: string) => modeCovers(parseSignMode(sent)!, parseSignMode(required)!);
  it('orders the levels "1" < "2" < "3"', () => {
    expect(covers('3', '2')).toBe(true);
    expect(covers('2', '3')).toBe(false);
    expect(covers('1', '2')).toBe(false);
  });
  it('needs a custom list to cover every item, headers case-insensitively', () => {
    expect(covers('traceId,body', '3')).toBe(true);
    expect(covers('body', '3')).toBe(false);
    expect(covers('3', 'traceId,h:x-a')).toBe(false);
    expect(covers('traceId,h:X-A', 'traceId,h:x-a')).toBe(true);
  });
});

describe('signedRequestText', () => {
  it('builds the contract text for mode "3"', () => {
    const text = signedRequestText(parseSignMode('3')!, {
      mode: '3',
      method: 'post',
      pathWithQuery: '/v1/trade/order?a=1',
      time8: '17554535',
      traceId: 'ab'.repeat(16),
      bodyMd5: '9e107d9d372bb6826bd81d3542a419d6',
      header: () => '',
    });
    expect(text).toBe(
      `DS1\n3\nPOST\n/v1/trade/order?a=1\n17554535\n${'ab'.repeat(16)}\n9e107d9d372bb6826bd81d3542a419d6`,
    );
  });
  it('adds headers as h:{name}:{value} in list order', () => {
    const headers: Record<string, string> = { 'x-b': '2' };
    const text = signedRequestText(parseSignMode('h:x-b,traceId,h:X-C')!, {
      mode: 'h:x-b,traceId,h:X-C',
      method: 'GET',
      pathWithQuery: '/p',
      time8: '17554535',
      traceId: 't',
      header: (name) => headers[name.toLowerCase()] ?? '',
    });
    expect(text).toBe('DS1\nh:x-b,traceId,h:X-C\nGET\n/p\n17554535\nh:x-b:2\nt\nh:X-C:');
  });
});

describe('pathWithQuery', () => {
  it('keeps the path and query exactly, drops origin and fragment', () => {
    expect(pathWithQuery('http://localhost/v1/trade/x?b=2&a=1')).toBe('/v1/trade/x?b=2&a=1');
    expect(pathWithQuery('http://127.0.0.1:8080/v1/x?')).toBe('/v1/x?');
    expect(pathWithQuery('https://h/v1/x%20y?q=%2F#frag')).toBe('/v1/x%20y?q=%2F');
    expect(pathWithQuery('http://h')).toBe('/');
  });
});

describe('isTime8Fresh', () => {
  const t = '17554535';
  const at = (sec: number) => sec * 1000;
  it('accepts 100·time8 − 30 ≤ nowSec ≤ 100·time8 + 130 and nothing outside', () => {
    expect(isTime8Fresh(t, at(1755453500 - 30))).toBe(true);
    expect(isTime8Fresh(t, at(1755453500 - 31))).toBe(false);
    expect(isTime8Fresh(t, at(1755453500 + 130) + 999)).toBe(true);
    expect(isTime8Fresh(t, at(1755453500 + 131))).toBe(false);
  });
  it('refuses anything but 8 digits', () => {
    expect(isTime8Fresh('1755453', at(1755453500))).toBe(false);
    expect(isTime8Fresh('1755453x', at(1755453500))).toBe(false);
  });
});
