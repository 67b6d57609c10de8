import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LOCALES, MESSAGE_BUNDLES, type MessageBundle } from '../../engine/rules/locales';
import { NAMESPACE_DIRS, NAMESPACES, WITH_CORE } from './namespace-config';

/** A message file: `…/messages/<bundle>.json`, as a module id (Vite may add `?import` in development). */
const MESSAGE_FILE = /[\\/]messages[\\/]([\w-]+)\.json(?:\?import)?$/;

// Numbers in a bundle's messages are formatted with the Intl tag of the first locale it serves (en → en-US,
// ar → ar-u-nu-latn for Latin digits, as everywhere else on the page); plural rules follow the same tag.
const INTL_OF_BUNDLE: ReadonlyMap<string, string> = new Map(
  MESSAGE_BUNDLES.map((bundle): [MessageBundle, string] => [
    bundle,
    LOCALES.find((entry) => entry.bundle === bundle)?.intl ?? bundle,
  ]),
);

/** Compiles one message file (a JSON object of ICU MessageFormat texts) into an ES module of functions. */
export function compileMessageFile(bundle: string, source: string): string {
  const intl = INTL_OF_BUNDLE.get(bundle);
  if (!intl) throw new Error(`messages/${bundle}.json: "${bundle}" is not a message bundle (engine/rules/locales.ts)`);
  const messages: unknown = JSON.parse(source);
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages))
    throw new Error(`messages/${bundle}.json must hold one object of texts`);
  for (const [key, text] of Object.entries(messages))
    if (typeof text !== 'string') throw new Error(`messages/${bundle}.json: "${key}" is not a text`);
  // strict: ICU's own syntax (no custom formatters); plural keys are checked against the bundle's CLDR rules.
  return compileModule(new MessageFormat(intl, { strict: true }), messages as Record<string, string>);
}

/** The module that tells where every bundle's texts are (see `textsIndexModule`). */
export const TEXTS_INDEX = 'virtual:i18n-texts';

/**
 * One namespace's texts in one bundle, as a virtual module compiled from its `messages/<bundle>.json`. Not the JSON
 * file's own id: Vite's dev server leaves a `.json` module's imports unresolved, and a message with a plural or a
 * number imports its helpers from `@messageformat/runtime`.
 */
const fileOf = (namespace: keyof typeof NAMESPACE_DIRS, bundle: string) =>
  JSON.stringify(`${TEXTS_INDEX}/file/${namespace}/${bundle}`);

/**
 * One bundle's texts: the namespaces that load with core, imported (one chunk with this module), and a loader for
 * each other namespace (its own chunk). Only this bundle's visitors download this list.
 */
function bundleTextsModule(bundle: string): string {
  const now = WITH_CORE.map((namespace) => `import ${namespace} from ${fileOf(namespace, bundle)};`);
  const later = NAMESPACES.filter((namespace) => !WITH_CORE.includes(namespace)).map(
    (namespace) => `  ${namespace}: () => import(${fileOf(namespace, bundle)}).then((m) => m.default),`,
  );
  return [...now, `export const loaded = { ${WITH_CORE.join(', ')} };`, 'export const later = {', ...later, '};'].join(
    '\n',
  );
}

/**
 * English in the entry (the request layer shows its texts synchronously), and one loader per other bundle: the
 * entry's list grows with the number of languages, never with the number of screens.
 */
function textsIndexModule(): string {
  const loaders = MESSAGE_BUNDLES.filter((bundle) => bundle !== 'en').map(
    (bundle) => `  ${JSON.stringify(bundle)}: () => import(${JSON.stringify(`${TEXTS_INDEX}/${bundle}`)}),`,
  );
  return [
    `export * as en from ${JSON.stringify(`${TEXTS_INDEX}/en`)};`,
    'export const bundles = {',
    ...loaders,
    '};',
  ].join('\n');
}

/**
 * Spec §8 localized texts, compiled at build time: every `messages/<bundle>.json` becomes a module whose default
 * export maps each key to a function of the message's arguments. The page ships no ICU parser, only the few
 * helpers a message calls (plural rules, number formats), and a syntax error fails the build instead of a render.
 * It also serves `virtual:i18n-texts`, the map from bundles and namespaces to those modules.
 */
export function messagesPlugin(): Plugin {
  const virtual = `\0${TEXTS_INDEX}`;
  let root = process.cwd();
  return {
    name: 'i18n-messages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === TEXTS_INDEX || id.startsWith(`${TEXTS_INDEX}/`) ? `\0${id}` : null;
    },
    load(id) {
      if (id === virtual) return textsIndexModule();
      if (!id.startsWith(`${virtual}/`)) return null;
      const file = /^file\/([\w-]+)\/([\w-]+)$/.exec(id.slice(virtual.length + 1));
      if (file) {
        const [, namespace = '', bundle = ''] = file;
        if (!Object.hasOwn(NAMESPACE_DIRS, namespace)) this.error(`${namespace} is not a text namespace`);
        const path = join(root, NAMESPACE_DIRS[namespace as keyof typeof NAMESPACE_DIRS], `${bundle}.json`);
        this.addWatchFile(path);
        try {
          return { code: compileMessageFile(bundle, readFileSync(path, 'utf8')), map: { mappings: '' } };
        } catch (error) {
          this.error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const bundle = id.slice(virtual.length + 1);
      if (!INTL_OF_BUNDLE.has(bundle)) this.error(`${bundle} is not a message bundle (engine/rules/locales.ts)`);
      return bundleTextsModule(bundle);
    },
    transform: {
      filter: { id: MESSAGE_FILE },
      handler(source, id) {
        const bundle = MESSAGE_FILE.exec(id)?.[1];
        if (!bundle) return null;
        try {
          return { code: compileMessageFile(bundle, source), moduleType: 'js', map: { mappings: '' } };
        } catch (error) {
          this.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    },
  };
}
