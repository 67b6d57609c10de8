import { describe, expect, it } from 'vitest';
import { imageOriginOf, parseImageHosts, readImageSettings } from '../../../../gateway/images/image-settings';

describe('imageOriginOf', () => {
  it('keeps bare http and https origins, normalized', () => {
    expect(imageOriginOf('https://img.example.com')).toBe('https://img.example.com');
    expect(imageOriginOf('https://IMG.Example.com/')).toBe('https://img.example.com');
    expect(imageOriginOf('http://127.0.0.1:8137')).toBe('http://127.0.0.1:8137');
    expect(imageOriginOf('http://[::1]:9000')).toBe('http://[::1]:9000');
  });

  it('refuses hostile and loose entries', () => {
    for (const entry of [
      'javascript:alert(1)',
      'JavaScript://img.example.com/%0Aalert(1)',
      'data:image/png;base64,AAAA',
      'ftp://img.example.com',
      'https://user:pass@img.example.com',
      'https://user@img.example.com',
      'https://img.example.com/path',
      'https://img.example.com/?q=1',
      'https://img.example.com#x',
      'https://img.example.com; script-src *',
      "https://img.example.com;script-src'unsafe-inline'",
      'https://a.com;report-uri',
      'https://a"b.com',
      "https://img.example.com 'unsafe-inline'",
      '//img.example.com',
      'img.example.com',
      'https://img.example.com\\@evil.com',
      ' https://a.com\nhttps://b.com',
      '',
    ]) {
      expect(imageOriginOf(entry), entry).toBeNull();
    }
  });
});

describe('parseImageHosts', () => {
  it('reads a comma-separated list, each origin once', () => {
    expect(parseImageHosts(undefined)).toEqual([]);
    expect(parseImageHosts(' https://a.example.com , https://b.example.com/,https://a.example.com ')).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
  });

  it('stops the gateway with the bad entry named', () => {
    expect(() => parseImageHosts('https://a.example.com,javascript:alert(1)')).toThrow(
      /IMAGE_HOSTS.*javascript:alert\(1\)/,
    );
    expect(() => parseImageHosts('https://a.example.com/x')).toThrow(/IMAGE_HOSTS/);
  });
});

describe('readImageSettings', () => {
  it('defaults to this origin only, and two extra ports next to it at 0 and 300 ms', () => {
    expect(readImageSettings({})).toEqual({ hosts: [], ports: null, delaysMs: [0, 300] });
  });

  it('reads ports, 0 for any free ones, and delays', () => {
    expect(readImageSettings({ IMAGE_HOST_PORTS: '0' })).toEqual({ hosts: [], ports: [0, 0], delaysMs: [0, 300] });
    expect(readImageSettings({ IMAGE_HOST_PORTS: '9001,9002,9003', IMAGE_HOST_DELAYS_MS: '0,100,600' })).toEqual({
      hosts: [],
      ports: [9001, 9002, 9003],
      delaysMs: [0, 100, 600],
    });
  });

  it('refuses malformed numbers and a port count that does not match the delays', () => {
    expect(() => readImageSettings({ IMAGE_HOST_DELAYS_MS: '0,-5' })).toThrow(/IMAGE_HOST_DELAYS_MS/);
    expect(() => readImageSettings({ IMAGE_HOST_DELAYS_MS: '0,1e3' })).toThrow(/IMAGE_HOST_DELAYS_MS/);
    expect(() => readImageSettings({ IMAGE_HOST_DELAYS_MS: '0,999999' })).toThrow(/IMAGE_HOST_DELAYS_MS/);
    expect(() => readImageSettings({ IMAGE_HOST_PORTS: '70000,1' })).toThrow(/IMAGE_HOST_PORTS/);
    expect(() => readImageSettings({ IMAGE_HOST_PORTS: '9001' })).toThrow(/one port per delay/);
  });
});
