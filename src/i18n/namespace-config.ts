import type { MessageBundle } from '../../engine/rules/locales';

/**
 * The message namespaces (spec §8 localized texts, split by screen): `core` holds what the shell and the request
 * layer show on every page; each area's namespace loads with its route.
 */
export const NAMESPACES = [
  'core',
  'markets',
  'trade',
  'auth',
  'account',
  'asset',
  'app',
  'devices',
  'fees',
  'subaccounts',
  'third',
  'content',
  'reserves',
  'fund',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where each namespace keeps its files, `<bundle>.json`, from the project root. */
export const NAMESPACE_DIRS: Readonly<Record<Namespace, string>> = {
  core: 'src/i18n/messages',
  markets: 'src/markets/messages',
  trade: 'src/trade/messages',
  auth: 'src/auth/messages',
  account: 'src/account/messages',
  asset: 'src/asset/messages',
  app: 'src/app/messages',
  devices: 'src/account/devices/messages',
  fees: 'src/fees/messages',
  subaccounts: 'src/account/sub-accounts/messages',
  third: 'src/auth/third/messages',
  content: 'src/content/messages',
  reserves: 'src/reserves/messages',
  fund: 'src/fund/messages',
};

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
