// Written by the build (src/i18n/messages-plugin.ts) from the messages/ folders under src/; do not edit.
import type En0 from './messages/en.json';
import type En1 from '../account/messages/en.json';
import type En2 from '../app/messages/en.json';
import type En3 from '../asset/messages/en.json';
import type En4 from '../auth/messages/en.json';
import type En5 from '../content/messages/en.json';
import type En6 from '../account/devices/messages/en.json';
import type En7 from '../fees/messages/en.json';
import type En8 from '../app/footer/messages/en.json';
import type En9 from '../markets/messages/en.json';
import type En10 from '../protection-fund/messages/en.json';
import type En11 from '../reserves/messages/en.json';
import type En12 from '../account/sub-accounts/messages/en.json';
import type En13 from '../terms/messages/en.json';
import type En14 from '../auth/third/messages/en.json';
import type En15 from '../trade/messages/en.json';

/** Where each namespace keeps its files, `<bundle>.json`, from the project root. */
export const NAMESPACE_DIRS = {
  core: 'src/i18n/messages',
  account: 'src/account/messages',
  app: 'src/app/messages',
  asset: 'src/asset/messages',
  auth: 'src/auth/messages',
  content: 'src/content/messages',
  devices: 'src/account/devices/messages',
  fees: 'src/fees/messages',
  footer: 'src/app/footer/messages',
  markets: 'src/markets/messages',
  'protection-fund': 'src/protection-fund/messages',
  reserves: 'src/reserves/messages',
  'sub-accounts': 'src/account/sub-accounts/messages',
  terms: 'src/terms/messages',
  third: 'src/auth/third/messages',
  trade: 'src/trade/messages',
} as const;

/** Every namespace, core first. */
export const NAMESPACES = Object.keys(NAMESPACE_DIRS) as (keyof typeof NAMESPACE_DIRS)[];

/** Every text key of every namespace, taken from the English files: a typo in `t(…)` fails the type check. */
export type MessageKey =
  | keyof typeof En0
  | keyof typeof En1
  | keyof typeof En2
  | keyof typeof En3
  | keyof typeof En4
  | keyof typeof En5
  | keyof typeof En6
  | keyof typeof En7
  | keyof typeof En8
  | keyof typeof En9
  | keyof typeof En10
  | keyof typeof En11
  | keyof typeof En12
  | keyof typeof En13
  | keyof typeof En14
  | keyof typeof En15;
