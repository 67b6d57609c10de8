import { bundles, en } from 'virtual:i18n-texts';
import type { MessageBundle } from '../../engine/rules/locales';
import { BUNDLE_PARENTS, type Namespace } from './namespace-config';
import type { MessageKey } from './namespaces.gen';

export { BUNDLE_PARENTS, type Namespace } from './namespace-config';
export { NAMESPACES } from './namespaces.gen';

export type { MessageKey } from './namespaces.gen';

/** One compiled ICU message: its arguments in, the text out. */
export type CompiledMessage = (params?: Readonly<Record<string, string | number>>) => string;
/** A compiled message file, or several merged; a key it lacks falls back to English. */
export type CompiledMessages = Readonly<Partial<Record<MessageKey, CompiledMessage>>>;

interface BundleTexts {
  readonly loaded: Readonly<Partial<Record<Namespace, CompiledMessages>>>;
  readonly later: Readonly<Partial<Record<Namespace, () => Promise<CompiledMessages>>>>;
}

/** The English texts in memory from the start (in the entry): core's and the markets page's. */
export const ENTRY_TEXTS: CompiledMessages = Object.assign({}, ...Object.values(en.loaded));

const bundleTexts = new Map<string, Promise<BundleTexts>>([['en', Promise.resolve(en)]]);
const files = new Map<string, Promise<CompiledMessages>>();

/** Fetches once; a failed fetch (offline, a new deploy) may be tried again. */
function once<T>(cache: Map<string, Promise<T>>, id: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(id);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      cache.delete(id);
      throw error;
    });
    cache.set(id, pending);
  }
  return pending;
}

/** One namespace file of one bundle (each its own chunk, but those loaded with core share core's). */
function loadFile(namespace: Namespace, bundle: MessageBundle): Promise<CompiledMessages> {
  return once(files, `${namespace}/${bundle}`, async () => {
    const texts = await once(bundleTexts, bundle, () => {
      const load = bundles[bundle];
      if (!load) throw new Error(`no texts for ${bundle}`);
      return load();
    });
    const now = texts.loaded[namespace];
    if (now) return now;
    const later = texts.later[namespace];
    if (!later) throw new Error(`no ${namespace} texts for ${bundle}`);
    return later();
  });
}

/** A namespace's texts in one bundle, its parent's texts underneath for a bundle that changes only some. */
export async function loadNamespace(namespace: Namespace, bundle: MessageBundle): Promise<CompiledMessages> {
  const parent = BUNDLE_PARENTS[bundle];
  if (!parent) return loadFile(namespace, bundle);
  const [base, own] = await Promise.all([loadFile(namespace, parent), loadFile(namespace, bundle)]);
  return { ...base, ...own };
}
