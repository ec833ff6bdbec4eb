import { allMessages } from '~/i18n/messages.server';
import { isInterfaceLanguage } from '~/i18n/regions';

/** The messages key of an attribute name: "Battery life" → "battery-life". */
export const attributeKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A specification attribute's name in the interface language. Catalog keeps attribute names in
 * English (the product data's own words); the known ones are translated in the messages
 * (`product.attributes`), others (a shop's own attribute) are shown as given.
 */
export function attributeName(name: string, language: string): string {
  if (!isInterfaceLanguage(language)) return name;
  const names = allMessages[language].product.attributes as Readonly<Record<string, string>>;
  return names[attributeKey(name)] ?? name;
}
