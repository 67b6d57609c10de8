import { readdirSync, readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, MESSAGE_BUNDLES, type MessageBundle } from '../../../engine/rules/locales';
import { compileMessageFile } from '../../../src/i18n/messages-plugin';
import { BUNDLE_PARENTS, type Namespace } from '../../../src/i18n/namespace-config';
import { NAMESPACE_DIRS, NAMESPACES } from '../../../src/i18n/namespaces.gen';
import { type CompiledMessages, loadNamespace } from '../../../src/i18n/namespaces';

const ROOT = new URL('../../../', import.meta.url);
type Texts = Record<string, string>;

/** The message files as written (the source the build compiles). */
function readTexts(namespace: Namespace, bundle: string): Texts {
  return JSON.parse(readFileSync(new URL(`${NAMESPACE_DIRS[namespace]}/${bundle}.json`, ROOT), 'utf8')) as Texts;
}

const FULL_BUNDLES = MESSAGE_BUNDLES.filter((bundle) => !BUNDLE_PARENTS[bundle]);
const REGIONAL_BUNDLES = MESSAGE_BUNDLES.filter((bundle) => BUNDLE_PARENTS[bundle]);
const NON_ENGLISH = MESSAGE_BUNDLES.filter((bundle) => bundle !== 'en');
const en = (namespace: Namespace): Texts => readTexts(namespace, 'en');
/** A bundle's texts as the page shows them: its parent's underneath for es-ES and pt-PT. */
function resolved(namespace: Namespace, bundle: MessageBundle): Texts {
  const parent = BUNDLE_PARENTS[bundle];
  return { ...(parent ? readTexts(namespace, parent) : {}), ...readTexts(namespace, bundle) };
}

/** The argument names a message uses, at any depth (plural, select and number arguments included). */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      names.add(token.arg);
      if ('cases' in token) for (const c of token.cases) walk(c.tokens);
    }
  };
  walk(parse(text, { strict: true }));
  return [...names].sort();
}

describe('message files', () => {
  it.each(NAMESPACES)('%s has one file per message bundle and no other', (namespace) => {
    const files = readdirSync(new URL(NAMESPACE_DIRS[namespace], ROOT)).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.slice(0, -'.json'.length)).sort()).toEqual([...MESSAGE_BUNDLES].sort());
  });

  it('gives every key to exactly one namespace', () => {
    const seen = new Map<string, Namespace>();
    for (const namespace of NAMESPACES) {
      for (const key of Object.keys(en(namespace))) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, namespace);
      }
    }
  });

  it('carries the spec §8 English texts in core', () => {
    expect(en('core')).toMatchObject({
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

describe.each(NAMESPACES)('namespace %s', (namespace) => {
  const reference = en(namespace);
  const keys = Object.keys(reference).sort();

  it.each(FULL_BUNDLES)('%s translates every key of en and no other', (bundle) => {
    expect(Object.keys(readTexts(namespace, bundle)).sort()).toEqual(keys);
  });

  it.each(REGIONAL_BUNDLES)('%s carries only keys of en, and only texts that differ from its parent', (bundle) => {
    const own = readTexts(namespace, bundle);
    const parent = readTexts(namespace, BUNDLE_PARENTS[bundle]!);
    for (const [key, text] of Object.entries(own)) {
      expect(Object.hasOwn(reference, key), key).toBe(true);
      expect(text, key).not.toBe(parent[key]);
    }
  });

  it.each(MESSAGE_BUNDLES)('%s: every message parses, with the arguments of en', (bundle) => {
    for (const [key, text] of Object.entries(readTexts(namespace, bundle))) {
      expect(argumentsOf(text), `${bundle} ${key}`).toEqual(argumentsOf(reference[key] ?? ''));
    }
    // The build's own compiler: it also checks plural categories against the bundle's CLDR rules.
    expect(() => compileMessageFile(bundle, JSON.stringify(readTexts(namespace, bundle)))).not.toThrow();
  });

  it.each(MESSAGE_BUNDLES)('%s has no empty text', (bundle) => {
    for (const [key, text] of Object.entries(readTexts(namespace, bundle))) {
      expect(typeof text, key).toBe('string');
      expect(text.trim(), key).not.toBe('');
    }
  });
});

describe.each(NON_ENGLISH)('bundle %s', (bundle) => {
  it('has every error key of en', () => {
    const texts = resolved('core', bundle);
    for (const key of Object.keys(en('core')).filter((k) => k.startsWith('error.'))) {
      expect(Object.hasOwn(texts, key), key).toBe(true);
    }
  });

  it('translates the error texts instead of copying English', () => {
    const texts = resolved('core', bundle);
    for (const key of ['error.timeout', 'error.expired', 'error.network']) {
      expect(texts[key], key).not.toBe(en('core')[key]);
    }
  });
});

describe('ar bundle', () => {
  it('is written in Arabic script', () => {
    for (const namespace of NAMESPACES) {
      for (const [key, text] of Object.entries(readTexts(namespace, 'ar'))) {
        expect(text, key).toMatch(/\p{Script=Arabic}/u);
      }
    }
  });
});

describe('loadNamespace', () => {
  const loaded = new Map<string, CompiledMessages>();

  beforeAll(async () => {
    for (const namespace of NAMESPACES) {
      for (const bundle of MESSAGE_BUNDLES)
        loaded.set(`${namespace}/${bundle}`, await loadNamespace(namespace, bundle));
    }
  });

  it('serves every namespace of every locale of the table, compiled', () => {
    for (const entry of LOCALES) {
      for (const namespace of NAMESPACES) {
        const texts = loaded.get(`${namespace}/${entry.bundle}`)!;
        expect(Object.keys(texts).sort(), `${entry.locale} ${namespace}`).toEqual(Object.keys(en(namespace)).sort());
        for (const message of Object.values(texts)) expect(typeof message).toBe('function');
      }
    }
  });

  it('fills es-ES and pt-PT from es and pt where they keep the same text', () => {
    for (const bundle of REGIONAL_BUNDLES) {
      const own = readTexts('trade', bundle);
      const parent = BUNDLE_PARENTS[bundle]!;
      const kept = Object.keys(en('trade')).find((key) => !Object.hasOwn(own, key))!;
      const changed = Object.keys(own)[0]!;
      const texts = loaded.get(`trade/${bundle}`)!;
      const parentTexts = loaded.get(`trade/${parent}`)!;
      const params = { coin: 'USDT', symbol: 'BTCUSDT', max: 125, step: '0.1', min: '5', available: '1' };
      expect(texts[kept as keyof CompiledMessages]?.(params), kept).toBe(
        parentTexts[kept as keyof CompiledMessages]?.(params),
      );
      expect(texts[changed as keyof CompiledMessages]?.(params), changed).not.toBe(
        parentTexts[changed as keyof CompiledMessages]?.(params),
      );
    }
  });
});
