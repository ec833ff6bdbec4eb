import { createInstance, type i18n as I18n } from 'i18next';
import type { Messages, PartialMessages } from './messages/en';
import { FALLBACK_LANGUAGE } from './regions';

/** The messages a page needs: its language, plus English where that language is partial. */
export type MessageBundle = Readonly<Record<string, Messages | PartialMessages>>;

/** What a missing key renders as: visible, so a browser test finds it in the page. */
export const MISSING_MARK = '⟦missing:';

const instances = new Map<string, { i18n: I18n }>();
const provided = new Map<string, MessageBundle>();

/**
 * Makes a language's messages known before anything renders in it: the server provides every
 * language at start, the browser the page's language, fetched before hydration (ADR 078).
 */
export function provideMessages(language: string, bundle: MessageBundle): void {
  provided.set(language, bundle);
}

/** Whether `i18nFor(language)` can answer without a bundle passed in. */
const hasMessages = (language: string): boolean => instances.has(language) || provided.has(language);

/**
 * One i18next instance per language, initialised synchronously (resources are in memory) so the
 * server render and the hydration read the same texts. A key found in no language is reported
 * with console.error (which the browser tests fail on) and shown marked.
 */
export function i18nFor(language: string, bundle: MessageBundle | undefined = provided.get(language)): I18n {
  const known = instances.get(language);
  // A language's messages do not change while the site runs: one instance per language.
  if (known) return known.i18n;
  if (!bundle) throw new Error(`the messages of "${language}" were not provided before rendering`);
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: Object.fromEntries(Object.entries(bundle).map(([lng, messages]) => [lng, { translation: messages }])),
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    parseMissingKeyHandler: (key: string) => {
      console.error(`missing translation: ${key} (${language})`);
      return `${MISSING_MARK}${key}⟧`;
    },
  });
  instances.set(language, { i18n });
  return i18n;
}

const loading = new Map<string, Promise<void>>();

/**
 * The browser's side of ADR 078: a language's messages, fetched from the address the root
 * loader names (immutable, so cached after the first page) and provided to i18next. A failed
 * fetch is forgotten, so the next navigation tries again.
 */
export function loadMessages(language: string, href: string): Promise<void> {
  if (hasMessages(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = fetch(href)
      .then(async (response) => {
        if (!response.ok) throw new Error(`messages ${href}: HTTP ${response.status}`);
        provideMessages(language, (await response.json()) as MessageBundle);
      })
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}
