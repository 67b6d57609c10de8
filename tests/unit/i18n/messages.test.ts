import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, MESSAGE_BUNDLES } from '../../../engine/rules/locales';
import { en, type Messages } from '../../../src/i18n/messages/en';
import { MESSAGE_LOADERS } from '../../../src/i18n/messages/index';

const EN_KEYS = Object.keys(en).sort();
const OTHER_BUNDLES = MESSAGE_BUNDLES.filter((bundle) => bundle !== 'en');
const bundles = new Map<string, Messages>();

beforeAll(async () => {
  for (const bundle of OTHER_BUNDLES) {
    const load = MESSAGE_LOADERS[bundle];
    if (load) bundles.set(bundle, await load());
  }
});

function placeholders(text: string): string[] {
  return (text.match(/\{[^{}]*\}/g) ?? []).sort();
}

describe('MESSAGE_LOADERS', () => {
  it('has a loader for every bundle but English, and no other', () => {
    expect(Object.keys(MESSAGE_LOADERS).sort()).toEqual([...OTHER_BUNDLES].sort());
  });

  it('serves every locale of the table', () => {
    for (const entry of LOCALES) {
      const served = entry.bundle === 'en' || typeof MESSAGE_LOADERS[entry.bundle] === 'function';
      expect(served, entry.locale).toBe(true);
    }
  });

  it('loads a bundle object for each loader', () => {
    expect([...bundles.keys()].sort()).toEqual([...OTHER_BUNDLES].sort());
    for (const [bundle, messages] of bundles) expect(typeof messages, bundle).toBe('object');
  });
});

describe('en bundle', () => {
  it('carries the spec §8 English texts', () => {
    expect(en).toMatchObject({
      'error.tip': 'Tip',
      'error.timeout': 'Request timed out!',
      'error.expired': 'Login expired, please log in again',
      'error.loginvalid': 'Please login to visit',
      'error.unknow': 'The system is busy',
      'error.notfound': 'Request error',
      'error.forbidden': 'Request is forbidden',
    });
  });
});

describe.each(OTHER_BUNDLES)('bundle %s', (bundle) => {
  const messages = (): Messages => bundles.get(bundle)!;

  it('has every error key of en.ts', () => {
    for (const key of EN_KEYS.filter((k) => k.startsWith('error.'))) {
      expect(Object.hasOwn(messages(), key), key).toBe(true);
    }
  });

  it('translates every key of en.ts and no other', () => {
    expect(Object.keys(messages()).sort()).toEqual(EN_KEYS);
  });

  it('keeps the placeholders of en.ts exactly', () => {
    for (const [key, text] of Object.entries(messages())) {
      expect(placeholders(text ?? ''), key).toEqual(placeholders(en[key as keyof typeof en]));
    }
  });

  it('has no empty text', () => {
    for (const [key, text] of Object.entries(messages())) {
      expect(typeof text, key).toBe('string');
      expect(text?.trim(), key).not.toBe('');
    }
  });

  it('translates the error texts instead of copying English', () => {
    for (const key of ['error.timeout', 'error.expired', 'error.network'] as const) {
      expect(messages()[key], key).not.toBe(en[key]);
    }
  });
});

describe('ar bundle', () => {
  it('is written in Arabic script', () => {
    for (const [key, text] of Object.entries(bundles.get('ar')!)) {
      expect(text, key).toMatch(/\p{Script=Arabic}/u);
    }
  });
});
