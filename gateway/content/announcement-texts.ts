import type { AnnouncementText } from './announcement-text';
import { ar } from './announcement-texts/ar';
import { bg } from './announcement-texts/bg';
import { de } from './announcement-texts/de';
import { en } from './announcement-texts/en';
import { es } from './announcement-texts/es';
import { fr } from './announcement-texts/fr';
import { id } from './announcement-texts/id';
import { it } from './announcement-texts/it';
import { ja } from './announcement-texts/ja';
import { ko } from './announcement-texts/ko';
import { nl } from './announcement-texts/nl';
import { pl } from './announcement-texts/pl';
import { pt } from './announcement-texts/pt';
import { ru } from './announcement-texts/ru';
import { sv } from './announcement-texts/sv';
import { th } from './announcement-texts/th';
import { tr } from './announcement-texts/tr';
import { uk } from './announcement-texts/uk';
import { uz } from './announcement-texts/uz';
import { vi } from './announcement-texts/vi';
import { zhCN } from './announcement-texts/zh-CN';
import { zhTW } from './announcement-texts/zh-TW';
import type { SeedBundle } from './seed-texts';

/**
 * The seeded announcements' words by bundle, one file per language (English is the source), in the order of the
 * seeds in announcement-seeds.ts.
 */
export const ANNOUNCEMENT_TEXTS: Readonly<Record<SeedBundle, readonly AnnouncementText[]>> = {
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  ja,
  ko,
  vi,
  ru,
  es,
  pt,
  tr,
  it,
  fr,
  de,
  id,
  th,
  nl,
  pl,
  uk,
  sv,
  uz,
  ar,
  bg,
};
