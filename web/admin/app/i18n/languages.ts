import { de } from './messages/de';
import { en, type Messages } from './messages/en';

/** The admin app's languages (English is the fallback). */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

const CATALOGS: Readonly<Record<Language, Messages>> = { en, de };

export type MessageKey = keyof Messages;

/** `t('table.showing', { from: 1, to: 20, total: 300 })`: a message with its {placeholders} filled. */
export function translator(language: Language) {
  const catalog = CATALOGS[language];
  return (key: MessageKey | string, params: Readonly<Record<string, string | number>> = {}): string => {
    const text = (catalog as Record<string, string>)[key] ?? (en as Record<string, string>)[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
  };
}

export type Translate = ReturnType<typeof translator>;

/** Whether the admin's messages hold `key` (a key built from a service's code may not). */
export const isMessageKey = (key: string): key is MessageKey => key in en;
