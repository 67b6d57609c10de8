import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMESPACE_DIRS, NAMESPACES } from '../../../src/i18n/namespaces.gen';

const ROOT = new URL('../../../', import.meta.url);
const readTexts = (dir: string, bundle: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${dir}/${bundle}.json`, ROOT), 'utf8'));

/** English trading words a translation must not keep; ASCII boundaries, so `Earn商品` is caught too. */
const ENGLISH_WORDS = /(?<![A-Za-z])(long|short|staking|earn|nonce)(?![A-Za-z])/i;
/** Where an English word is the name of something the user reads as code: the proof file's `nonce` field. */
const CODE_WORDS: Readonly<Record<string, RegExp>> = { 'reserves.step.account': /(?<![A-Za-z])nonce:/ };

describe.each(['ar', 'ja'])('%s texts', (bundle) => {
  it('translate the trading words instead of keeping them in English', () => {
    for (const namespace of NAMESPACES) {
      for (const [key, text] of Object.entries(readTexts(NAMESPACE_DIRS[namespace], bundle))) {
        const words = text.replace(/\{[^{}]*\}/g, '').replace(CODE_WORDS[key] ?? /$^/, '');
        expect(words, `${namespace} ${key}`).not.toMatch(ENGLISH_WORDS);
      }
    }
  });
});
