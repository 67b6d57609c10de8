import type { MessageBundle } from '../../engine/rules/locales';
import type { NAMESPACE_DIRS } from './namespaces.gen';

/**
 * The message namespaces (spec §8 localized texts, split by screen), one per `messages/` folder under src/, named
 * after the folder that holds it: `core` (src/i18n) holds what the shell and the request layer show on every page;
 * each area's namespace loads with its route. The build writes them, and where their files are, to `namespaces.gen.ts`
 * (`NAMESPACES`, `NAMESPACE_DIRS`); this file only types them, so the build's plugin never needs that file to start.
 */
export type Namespace = keyof typeof NAMESPACE_DIRS;

/**
 * Namespaces that load together with core in every language. Nearly every visit paints the markets page first: its
 * texts come with core's, so its first render waits for one round trip for texts, not two.
 */
export const WITH_CORE: readonly Namespace[] = ['core', 'markets'];

/**
 * Bundles that carry only the texts they change and take the rest from another bundle (es-ES from es, pt-PT from
 * pt); every other bundle carries every key of en.
 */
export const BUNDLE_PARENTS: Readonly<Partial<Record<MessageBundle, MessageBundle>>> = { 'es-ES': 'es', 'pt-PT': 'pt' };
