import { describe, expect, it } from 'vitest';
import { icsOf } from '../../../src/bridge/app-actions';

describe('icsOf (RFC 5545)', () => {
  const entry = {
    title: 'BTC/USDT funding; settlement, 8h\\now',
    start: Date.UTC(2026, 10, 26, 16),
    end: Date.UTC(2026, 10, 26, 16, 15),
    url: 'https://example.com/trade-info?symbol=BTCUSDT',
  };

  it('writes one event with UTC times, escaped text and CRLF line ends', () => {
    const text = icsOf(entry, Date.UTC(2026, 10, 26, 9, 30, 5));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('');
    expect(lines).toContain('DTSTART:20261126T160000Z');
    expect(lines).toContain('DTEND:20261126T161500Z');
    expect(lines).toContain('DTSTAMP:20261126T093005Z');
    expect(lines).toContain('SUMMARY:BTC/USDT funding\\; settlement\\, 8h\\\\now');
    expect(lines).toContain(`URL:${entry.url}`);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('gives one id per market and settlement, the same each time', () => {
    const uid = (e: typeof entry) => icsOf(e, 0).match(/UID:(.*)\r\n/)?.[1];
    expect(uid(entry)).toBe(uid({ ...entry }));
    expect(uid(entry)).not.toBe(uid({ ...entry, title: 'ETH/USDT funding settlement' }));
    expect(uid(entry)).not.toBe(uid({ ...entry, start: entry.start + 8 * 3_600_000 }));
  });

  it('keeps a newline typed into a title on one line', () => {
    expect(icsOf({ ...entry, title: 'a\r\nb\nc' }, 0)).toContain('SUMMARY:a\\nb\\nc\r\n');
  });
});
