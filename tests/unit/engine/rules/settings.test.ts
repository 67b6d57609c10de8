import { describe, expect, it } from 'vitest';
import {
  COOKIE_PREFERENCES,
  LOCAL_DEFAULTS,
  parseSetting,
  themeFromCookie,
  themeToCookie,
} from '../../../../engine/rules/settings';

describe('default sets', () => {
  it('keeps both of the spec defaults, which disagree on unit, show-asset and theme', () => {
    expect(LOCAL_DEFAULTS).toMatchObject({
      locale: 'en',
      theme: 'dark',
      layout: 'right',
      unit: 'CNY',
      showAsset: false,
      valuationUnit: 1,
      login: false,
      dir: 'ltr',
    });
    expect(COOKIE_PREFERENCES.unit.fallback).toBe('USD');
    expect(COOKIE_PREFERENCES.showAsset.fallback).toBe('true');
    expect(COOKIE_PREFERENCES.theme.fallback).toBe('black');
  });
});

describe('themeFromCookie / themeToCookie', () => {
  it('maps black and white to dark and light both ways', () => {
    expect(themeFromCookie('black')).toBe('dark');
    expect(themeFromCookie('white')).toBe('light');
    expect(themeFromCookie('purple')).toBeNull();
    expect(themeToCookie('dark')).toBe('black');
    expect(themeToCookie('light')).toBe('white');
  });
});

describe('parseSetting', () => {
  it('reads well-formed stored values', () => {
    expect(parseSetting('theme', 'light')).toBe('light');
    expect(parseSetting('showAsset', 'true')).toBe(true);
    expect(parseSetting('valuationUnit', '2')).toBe(2);
    expect(parseSetting('unit', 'EUR')).toBe('EUR');
    expect(parseSetting('locale', 'zh-CN')).toBe('zh-CN');
  });

  it('returns null for tampered storage so the default applies and nothing breaks', () => {
    expect(parseSetting('theme', '"><script>')).toBeNull();
    expect(parseSetting('showAsset', 'yes')).toBeNull();
    expect(parseSetting('valuationUnit', '1e9')).toBeNull();
    expect(parseSetting('unit', 'usd; drop')).toBeNull();
    expect(parseSetting('locale', '../../etc')).toBeNull();
    expect(parseSetting('terminalCode', 'short')).toBeNull();
    expect(parseSetting('layout', null)).toBeNull();
  });
});
