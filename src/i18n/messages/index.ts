import type { Messages } from './en';

/**
 * One loader per message bundle. English is bundled with the app; every other
 * bundle is its own chunk, fetched when that language is chosen.
 * Bundle ids are the keys of MESSAGE_BUNDLES in engine/rules/locales.ts.
 */
export const MESSAGE_LOADERS: Record<string, () => Promise<Messages>> = {
  // filled in by the locale work: 'ja': () => import('./ja').then((m) => m.ja), …
};
