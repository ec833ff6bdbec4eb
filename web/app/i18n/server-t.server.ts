import type { TFunction } from 'i18next';
import { cachedT } from './cached-t';
import { i18nFor } from './i18n';
import { messageBundle } from './messages.server';
import type { InterfaceLanguage } from './regions';

/** Translations in a loader (page titles and descriptions for <meta>). */
export function serverT(language: InterfaceLanguage): { t: TFunction } {
  return { t: cachedT(language, i18nFor(language, messageBundle(language)).getFixedT(language)) };
}
