import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { LOCALES, MESSAGE_BUNDLES, type MessageBundle } from '../../engine/rules/locales';
import { WITH_CORE } from './namespace-config';

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

/** Where a namespace's texts are: the area folder whose `messages/` holds them, from the project root. */
export interface NamespaceDir {
  readonly namespace: string;
  readonly dir: string;
}

/** The file the build writes the namespaces into (committed, like the route tree): `namespace-config.ts` reads it. */
export const NAMESPACES_FILE = 'src/i18n/namespaces.gen.ts';

/**
 * Every text namespace under `src/`: each folder holding `messages/en.json` is one, named after that folder (the
 * i18n room's own texts are `core`). A new area gets its namespace by having a `messages/` folder; two areas may not
 * share a name.
 */
export function findNamespaces(root: string): NamespaceDir[] {
  const found: NamespaceDir[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name !== 'messages') walk(path);
      else if (readdirSync(path).includes('en.json')) {
        const area = relative(root, dir).split(/[\\/]/);
        const namespace = area.at(-1) === 'i18n' ? 'core' : (area.at(-1) ?? '');
        const twin = found.find((other) => other.namespace === namespace);
        if (twin)
          throw new Error(`${twin.dir} and ${area.join('/')}/messages both make the text namespace "${namespace}"`);
        found.push({ namespace, dir: `${area.join('/')}/messages` });
      }
    }
  };
  walk(join(root, 'src'));
  // core first (the shell's texts), then by name: the file reads the same on every machine.
  const rank = (entry: NamespaceDir) => `${entry.namespace === 'core' ? 0 : 1}${entry.namespace}`;
  return found.sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
}

/** The text of `NAMESPACES_FILE` for these namespaces: where each one's files are, and every English key as a type. */
export function namespacesModule(namespaces: readonly NamespaceDir[]): string {
  const typeName = (index: number) => `En${index}`;
  const from = (dir: string) => {
    const path = relative('src/i18n', dir).replaceAll('\\', '/');
    return path.startsWith('.') ? path : `./${path}`;
  };
  const key = (namespace: string) => (/^[a-z]\w*$/i.test(namespace) ? namespace : `'${namespace}'`);
  return [
    `// Written by the build (src/i18n/messages-plugin.ts) from the messages/ folders under src/; do not edit.`,
    ...namespaces.map(({ dir }, index) => `import type ${typeName(index)} from '${from(dir)}/en.json';`),
    '',
    '/** Where each namespace keeps its files, `<bundle>.json`, from the project root. */',
    'export const NAMESPACE_DIRS = {',
    ...namespaces.map(({ namespace, dir }) => `  ${key(namespace)}: '${dir}',`),
    '} as const;',
    '',
    '/** Every namespace, core first. */',
    'export const NAMESPACES = Object.keys(NAMESPACE_DIRS) as (keyof typeof NAMESPACE_DIRS)[];',
    '',
    '/** Every text key of every namespace, taken from the English files: a typo in `t(…)` fails the type check. */',
    'export type MessageKey =',
    ...namespaces.map((_, index) => `  | keyof typeof ${typeName(index)}${index === namespaces.length - 1 ? ';' : ''}`),
    '',
  ].join('\n');
}

/** Rewrites `NAMESPACES_FILE` when it no longer says what the messages/ folders hold; true when it did. */
export function writeNamespaces(root: string, namespaces: readonly NamespaceDir[]): boolean {
  const path = join(root, NAMESPACES_FILE);
  const text = namespacesModule(namespaces);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current === text) return false;
  writeFileSync(path, text);
  return true;
}

/** The module that tells where every bundle's texts are (see `textsIndexModule`). */
export const TEXTS_INDEX = 'virtual:i18n-texts';

/**
 * One namespace's texts in one bundle, as a virtual module compiled from its `messages/<bundle>.json`. Not the JSON
 * file's own id: Vite's dev server leaves a `.json` module's imports unresolved, and a message with a plural or a
 * number imports its helpers from `@messageformat/runtime`.
 */
const fileOf = (namespace: string, bundle: string) => JSON.stringify(`${TEXTS_INDEX}/file/${namespace}/${bundle}`);

/**
 * One bundle's texts: the namespaces that load with core, imported (one chunk with this module), and a loader for
 * each other namespace (its own chunk). Only this bundle's visitors download this list.
 */
function bundleTextsModule(bundle: string, namespaces: readonly string[]): string {
  const now = WITH_CORE.map((namespace, index) => `import texts${index} from ${fileOf(namespace, bundle)};`);
  const loaded = WITH_CORE.map((namespace, index) => `${JSON.stringify(namespace)}: texts${index}`);
  const later = namespaces
    .filter((namespace) => !(WITH_CORE as readonly string[]).includes(namespace))
    .map(
      (namespace) =>
        `  ${JSON.stringify(namespace)}: () => import(${fileOf(namespace, bundle)}).then((m) => m.default),`,
    );
  return [...now, `export const loaded = { ${loaded.join(', ')} };`, 'export const later = {', ...later, '};'].join(
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
  // The namespaces as the folders hold them now (a build may be the one that adds one).
  let dirs = new Map<string, string>();
  const readNamespaces = () => {
    const namespaces = findNamespaces(root);
    dirs = new Map(namespaces.map(({ namespace, dir }) => [namespace, dir]));
    return namespaces;
  };
  return {
    name: 'i18n-messages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      // A new area's messages/ folder is a new namespace: the file the page's types and loaders read follows.
      if (writeNamespaces(root, readNamespaces()))
        this.warn(`${NAMESPACES_FILE} rewritten: a text namespace was added or removed`);
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
        if (dirs.size === 0) readNamespaces();
        const dir = dirs.get(namespace);
        if (!dir) this.error(`${namespace} is not a text namespace`);
        const path = join(root, dir, `${bundle}.json`);
        this.addWatchFile(path);
        try {
          return { code: compileMessageFile(bundle, readFileSync(path, 'utf8')), map: { mappings: '' } };
        } catch (error) {
          this.error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const bundle = id.slice(virtual.length + 1);
      if (!INTL_OF_BUNDLE.has(bundle)) this.error(`${bundle} is not a message bundle (engine/rules/locales.ts)`);
      if (dirs.size === 0) readNamespaces();
      return bundleTextsModule(bundle, [...dirs.keys()]);
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
