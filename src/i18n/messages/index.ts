import type { MessageBundle } from '../../../engine/rules/locales';
import type { Messages } from './en';

type Loader = () => Promise<Messages>;

// `satisfies` makes the compiler insist on one loader per non-English bundle id.
const LOADERS = {
  ja: () => import('./ja').then((m) => m.ja),
  vi: () => import('./vi').then((m) => m.vi),
  ru: () => import('./ru').then((m) => m.ru),
  es: () => import('./es').then((m) => m.es),
  tr: () => import('./tr').then((m) => m.tr),
  it: () => import('./it').then((m) => m.it),
  fr: () => import('./fr').then((m) => m.fr),
  de: () => import('./de').then((m) => m.de),
  'zh-CN': () => import('./zh-CN').then((m) => m.zhCN),
  'zh-TW': () => import('./zh-TW').then((m) => m.zhTW),
  pt: () => import('./pt').then((m) => m.pt),
  id: () => import('./id').then((m) => m.id),
  th: () => import('./th').then((m) => m.th),
  nl: () => import('./nl').then((m) => m.nl),
  pl: () => import('./pl').then((m) => m.pl),
  uk: () => import('./uk').then((m) => m.uk),
  sv: () => import('./sv').then((m) => m.sv),
  'pt-PT': () => import('./pt-PT').then((m) => m.ptPT),
  'es-ES': () => import('./es-ES').then((m) => m.esES),
  uz: () => import('./uz').then((m) => m.uz),
  ar: () => import('./ar').then((m) => m.ar),
  ko: () => import('./ko').then((m) => m.ko),
  bg: () => import('./bg').then((m) => m.bg),
} satisfies Record<Exclude<MessageBundle, 'en'>, Loader>;

/**
 * One loader per message bundle (spec §8 localized texts). English is bundled
 * with the app and has no loader; every other bundle is its own chunk, fetched
 * when that language is chosen. Bundle ids are MESSAGE_BUNDLES in
 * engine/rules/locales.ts.
 */
export const MESSAGE_LOADERS: Readonly<Record<string, Loader>> = LOADERS;
