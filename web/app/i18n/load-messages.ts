import { hasMessages, provideMessages, type MessageBundle } from './i18n';

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
    pending = fetch(href, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`messages ${href}: HTTP ${response.status}`);
        provideMessages(language, (await response.json()) as MessageBundle);
      })
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}
