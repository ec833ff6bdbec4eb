import { createHash } from 'node:crypto';
import { provideMessages, type MessageBundle } from './i18n';
import de from './messages/de';
import en from './messages/en';
import es from './messages/es';
import fr from './messages/fr';
import it from './messages/it';
import pt from './messages/pt';
import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES, type InterfaceLanguage } from './regions';

const ALL = { de, en, es, fr, it, pt } as const;

/**
 * Languages whose messages are incomplete: none (Italian, partial in spec §1, is complete since
 * issue 45). A language listed here is sent with English beside it.
 */
export const PARTIAL_LANGUAGES: readonly InterfaceLanguage[] = [];

const bundles = new Map<InterfaceLanguage, MessageBundle>();

/**
 * The messages sent with a page: only its language, plus English for a partial language. The
 * same object every time, so the client can keep its i18next instance across navigations.
 */
export function messageBundle(language: InterfaceLanguage): MessageBundle {
  let bundle = bundles.get(language);
  if (!bundle) {
    bundle = PARTIAL_LANGUAGES.includes(language)
      ? { [language]: ALL[language], [FALLBACK_LANGUAGE]: en }
      : { [language]: ALL[language] };
    bundles.set(language, bundle);
  }
  return bundle;
}

export const allMessages = ALL;

/** A language's messages as the browser fetches them: JSON named by its content's hash. */
export interface MessagesFile {
  readonly hash: string;
  readonly href: string;
  readonly body: string;
}

const files = new Map<InterfaceLanguage, MessagesFile>();

/** The messages file of a language, built once: its address changes only when its texts do. */
export function messagesFile(language: InterfaceLanguage): MessagesFile {
  let file = files.get(language);
  if (!file) {
    const body = JSON.stringify(messageBundle(language));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    file = { hash, href: `/i18n/${language}.${hash}.json`, body };
    files.set(language, file);
  }
  return file;
}

// The server renders every language: all are provided when this module loads.
for (const language of INTERFACE_LANGUAGES) provideMessages(language, messageBundle(language));
